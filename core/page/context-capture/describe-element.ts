/**
 * A short, plain-text account of an element the visitor pinned: what it is (tag and role), what it
 * is called (its accessible name) and the start of its text. Form fields never give their values:
 * they may hold what the visitor typed.
 */
import type { ElementDescription } from '../../palette/context/palette-context.types.js';
import { accessibleName, flatText } from '../accessible-name.js';

const NAME_LIMIT = 80;
const EXCERPT_LIMIT = 160;

const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button', summary: 'button', textarea: 'textbox', select: 'combobox', img: 'img', nav: 'navigation', main: 'main',
  aside: 'complementary', form: 'form', article: 'article', ul: 'list', ol: 'list', li: 'listitem', table: 'table', dialog: 'dialog',
  h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', header: 'banner', footer: 'contentinfo',
  figure: 'figure', progress: 'progressbar', hr: 'separator', option: 'option', fieldset: 'group',
};

const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
  button: 'button', submit: 'button', reset: 'button', image: 'button',
};

const FORM_FIELDS = new Set(['input', 'textarea', 'select']);

export function describeElement(element: Element): ElementDescription {
  const tag = element.localName;
  const description: ElementDescription = { tag };
  const role = roleOf(element);
  if (role) description.role = role;
  const text = FORM_FIELDS.has(tag) ? '' : flatText((element as HTMLElement).innerText ?? element.textContent);
  const name = accessibleName(element);
  if (name) description.name = cut(name, NAME_LIMIT);
  // The text is its own excerpt only where it says more than the name (innerText is styled: `text-transform`).
  if (text && text.toLowerCase() !== name.toLowerCase()) description.excerpt = cut(text, EXCERPT_LIMIT);
  return description;
}

function roleOf(element: Element): string {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = element.localName;
  if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : '';
  if (tag === 'input') return INPUT_ROLES[(element as HTMLInputElement).type] ?? 'textbox';
  if (tag === 'section') return accessibleName(element) ? 'region' : '';
  return IMPLICIT_ROLES[tag] ?? '';
}

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}
