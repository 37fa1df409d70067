/**
 * The fields of the forms a reading shows, each with the name a visitor knows it by (its label, else
 * its own label attributes, else its `name`), and which of the request's values goes into which field.
 * A value goes only into a field whose label or type says it is for that value; nothing is guessed.
 */
import type { FormValues } from './form-values.js';
import { visibleText } from './page-lines.js';
import type { PageReading } from './page-reading.js';

export interface FormField {
  id: string;
  /** What the page calls it. */
  label: string;
  tag: string;
  type: string;
  name: string;
}

export interface FieldFill {
  field: FormField;
  value: string;
}

const FIELD_TAGS = new Set(['input', 'textarea']);
const TEXT_TYPES = new Set(['', 'text', 'email', 'tel', 'search', 'url']);

export function formFields(reading: PageReading): FormField[] {
  const fields: FormField[] = [];
  reading.lines.forEach((line, i) => {
    line.renderings.forEach((rendering, r) => {
      if (!FIELD_TAGS.has(rendering.tag)) return;
      const type = /(?:^|\s)type=(\w+)/.exec(rendering.attributes)?.[1]?.toLowerCase() ?? '';
      if (rendering.tag === 'input' && !TEXT_TYPES.has(type)) return;
      const name = /(?:^|\s)name=(?:"([^"]*)"|(\S+))/.exec(rendering.attributes);
      const own = /(?:^|\s)(?:aria-label|placeholder)=(?:"([^"]*)"|(\S+))/.exec(rendering.attributes);
      // Its label: the label rendered just before it on the line, else the label line above it.
      const before = reading.lines[i - 1];
      const sameLine = r > 0 && line.renderings[r - 1]!.tag === 'label' ? rendering.textBefore : '';
      const label = sameLine || (r === 0 && before?.tag === 'label' ? visibleText(before) : '') || own?.[1] || own?.[2] || '';
      fields.push({ id: rendering.id, label, tag: rendering.tag, type, name: (name?.[1] ?? name?.[2] ?? '').toLowerCase() });
    });
  });
  return fields;
}

const IS_FOR: Record<keyof FormValues, (field: FormField, words: string) => boolean> = {
  email: (field, words) => field.type === 'email' || /\be-?mail\b|電子郵件|信箱/.test(words),
  phone: (field, words) => field.type === 'tel' || /\b(?:phone|tel|telephone|mobile)\b|電話|手機/.test(words),
  name: (field, words) => field.tag === 'input' && /\b(?:full name|your name|name)\b|姓名|名字/.test(words) && !/\b(?:company|user|file|organisation|organization)\b/.test(words),
  message: (field, words) => field.tag === 'textarea' || /\b(?:message|comment|question|note)\b|留言|訊息/.test(words),
};

/** Each stated value in the one field meant for it; a field gets one value at most. */
export function fillsFor(fields: readonly FormField[], values: FormValues): FieldFill[] {
  const fills: FieldFill[] = [];
  const used = new Set<string>();
  for (const key of ['email', 'phone', 'name', 'message'] as const) {
    const value = values[key];
    if (!value) continue;
    const field = fields.find((candidate) => !used.has(candidate.id) && IS_FOR[key](candidate, `${candidate.label} ${candidate.name}`.toLowerCase()));
    if (!field) continue;
    used.add(field.id);
    fills.push({ field, value });
  }
  return fills;
}
