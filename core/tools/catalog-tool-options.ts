/** What the FAQ, catalog and recommender tools share: the name and description options, and bounded texts. */
import { clip } from '../util/clip.js';
import { describeValue } from '../util/describe-value.js';

/** A field's text is cut here in what the model reads: enough to choose, not a page per item. */
const FIELD_CHARS = 600;

export function checkToolOptions(where: string, options: unknown, defaultName: string, defaultDescription: string): { name: string; description: string } {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object with items, got ${describeValue(options)}`);
  const { name, description } = options as { name?: unknown; description?: unknown };
  if (name !== undefined && typeof name !== 'string') throw new TypeError(`${where}: options.name must be a tool name such as "${defaultName}", got ${describeValue(name)}`);
  if (description !== undefined && (typeof description !== 'string' || description.trim() === '')) {
    throw new TypeError(`${where}: options.description must be a non-empty string (what the model reads about the tool), got ${describeValue(description)}`);
  }
  return { name: name ?? defaultName, description: description ?? defaultDescription };
}

export function clipText(text: string): string {
  return clip(text, FIELD_CHARS);
}

export function clipFields(fields: Readonly<Record<string, string | readonly string[]>>): Record<string, string | string[]> {
  const clipped: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(fields)) clipped[key] = typeof value === 'string' ? clipText(value) : value.slice(0, 20).map(clipText);
  return clipped;
}
