import type { ElementDescription } from './palette-context.types.js';

/** Longest name and excerpt kept in a line; the page layer already cuts them, a host's own may not. */
const NAME_LIMIT = 80;
const EXCERPT_LIMIT = 200;

function cut(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1).trimEnd()}…` : flat;
}

/** One line for the agent: `button role=switch "Dark mode" — text: "Dark mode On"`. */
export function elementLine(description: ElementDescription): string {
  const parts = [cut(description.tag, 40) || 'element'];
  const role = description.role ? cut(description.role, 40) : '';
  if (role && role !== description.tag) parts.push(`role=${role}`);
  const name = description.name ? cut(description.name, NAME_LIMIT) : '';
  if (name) parts.push(JSON.stringify(name));
  const excerpt = description.excerpt ? cut(description.excerpt, EXCERPT_LIMIT) : '';
  if (excerpt && excerpt !== name) parts.push(`— text: ${JSON.stringify(excerpt)}`);
  return parts.join(' ');
}

/** The chip's short label: the name, else the text, else the tag. */
export function elementLabel(description: ElementDescription, limit = 40): string {
  const name = description.name ? cut(description.name, limit) : '';
  if (name) return name;
  const excerpt = description.excerpt ? cut(description.excerpt, limit) : '';
  return excerpt || `<${cut(description.tag, 20) || 'element'}>`;
}
