/** One FAQ entry as a host supplies it, and the check that names the entry and field at fault. */
import { describeValue } from '../../util/describe-value.js';

/** One FAQ entry. */
export interface QAItem {
  /** Unique within the FAQ. */
  id: string;
  /** The question as the FAQ asks it. */
  question: string;
  /** The answer, plain text. */
  answer: string;
  /** A heading the entry sits under, searched with a small weight. */
  category?: string;
  /** A BCP 47 tag such as `en` or `zh-TW`; carried, not needed: matching reads every script. */
  lang?: string;
}

function text(where: string, value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || (required && value.trim().length === 0)) {
    throw new TypeError(`createQAIndex: ${where} must be ${required ? 'a non-empty string' : 'a string when given'}, got ${describeValue(value)}.`);
  }
}

export function checkQAItems(items: unknown): QAItem[] {
  if (!Array.isArray(items)) throw new TypeError(`createQAIndex: options.items must be an array of { id, question, answer, category?, lang? }, got ${describeValue(items)}.`);
  const seen = new Map<string, number>();
  return items.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new TypeError(`createQAIndex: items[${i}] must be an object { id, question, answer }, got ${describeValue(item)}.`);
    const { id, question, answer, category, lang } = item as Record<string, unknown>;
    text(`items[${i}].id`, id, true);
    text(`items[${i}].question`, question, true);
    text(`items[${i}].answer`, answer, true);
    text(`items[${i}].category`, category, false);
    text(`items[${i}].lang`, lang, false);
    const earlier = seen.get(id as string);
    if (earlier !== undefined) throw new TypeError(`createQAIndex: items[${i}].id ${JSON.stringify(id)} is already the id of items[${earlier}]; ids must be unique.`);
    seen.set(id as string, i);
    return item as QAItem;
  });
}
