import { describeValue } from '../../util/describe-value.js';
import { checkBoolean, checkChoice, checkIdentifier, checkKnownKeys, checkObject, checkText, fail } from '../check-fields.js';
import { PREFERENCE_KINDS, type PreferenceField, type PreferenceKind } from './preference.types.js';

const MAX_FIELDS = 30;
const MAX_OPTIONS = 100;
const DEFAULT_MAX_LENGTH = 2000;
const COMMON_KEYS = ['name', 'title', 'kind', 'description', 'required'];
const KEYS: Record<PreferenceKind, readonly string[]> = {
  text: [...COMMON_KEYS, 'placeholder', 'default', 'pattern', 'patternMessage', 'maxLength'],
  password: [...COMMON_KEYS, 'placeholder', 'maxLength'],
  number: [...COMMON_KEYS, 'placeholder', 'default', 'min', 'max', 'integer'],
  checkbox: [...COMMON_KEYS, 'default'],
  select: [...COMMON_KEYS, 'placeholder', 'options', 'default'],
};

/** `pattern` as the HTML attribute reads it: the whole value must match. */
export function compilePattern(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u');
}

/** The most characters a text or password field takes. */
export function maxLengthOf(field: PreferenceField): number {
  return (field.kind === 'text' || field.kind === 'password') && field.maxLength !== undefined ? field.maxLength : DEFAULT_MAX_LENGTH;
}

/**
 * Throws a TypeError naming the first defective entry of a preference schema (`where` names the
 * schema, e.g. `skills[2].preferences`): a kind it does not know, a key a field of that kind does not
 * take, a name used twice, a default that its own rules refuse, a pattern that is not a RegExp.
 */
export function checkPreferenceSchema(fields: unknown, where: string): asserts fields is readonly PreferenceField[] {
  if (!Array.isArray(fields)) fail(where, `must be an array of fields like { "name": "apiKey", "title": "API key", "kind": "password" }, got ${describeValue(fields)}`);
  if (fields.length > MAX_FIELDS) fail(where, `holds ${fields.length} fields; a skill asks for at most ${MAX_FIELDS}`);
  const seen = new Map<string, number>();
  fields.forEach((field: unknown, index) => {
    const at = `${where}[${index}]`;
    checkField(field, at);
    const previous = seen.get(field.name);
    if (previous !== undefined) fail(`${at}.name`, `"${field.name}" is already the name of ${where}[${previous}]; give each field its own name`);
    seen.set(field.name, index);
  });
}

function checkField(field: unknown, at: string): asserts field is PreferenceField {
  checkObject(at, field, '{ "name": "apiKey", "title": "API key", "kind": "password" }');
  checkChoice(`${at}.kind`, field['kind'], PREFERENCE_KINDS, false);
  const kind = field['kind'] as PreferenceKind;
  if (kind === 'password' && Object.hasOwn(field, 'default')) {
    fail(`${at}.default`, 'a password field takes no default: a secret written into the skill is readable by anyone who loads the page; let the visitor enter it');
  }
  checkKnownKeys(at, field, KEYS[kind], `a ${kind} field`);
  checkIdentifier(`${at}.name`, field['name'], 'a field name');
  checkText(`${at}.title`, field['title'], { max: 120, nonBlank: true });
  checkText(`${at}.description`, field['description'], { optional: true, max: 500 });
  checkText(`${at}.placeholder`, field['placeholder'], { optional: true, max: 200 });
  checkBoolean(`${at}.required`, field['required']);
  switch (kind) {
    case 'text':
      return checkTextField(field, at);
    case 'password':
      return checkMaxLength(field, at);
    case 'number':
      return checkNumberField(field, at);
    case 'checkbox':
      return checkBoolean(`${at}.default`, field['default']);
    case 'select':
      return checkSelectField(field, at);
  }
}

function checkMaxLength(field: Record<string, unknown>, at: string): void {
  const max = field['maxLength'];
  if (max !== undefined && (!Number.isInteger(max) || (max as number) < 1 || (max as number) > 20_000)) {
    fail(`${at}.maxLength`, `must be a whole number from 1 to 20000, got ${describeValue(max)}`);
  }
}

function checkTextField(field: Record<string, unknown>, at: string): void {
  checkMaxLength(field, at);
  const { pattern } = field;
  let compiled: RegExp | undefined;
  if (pattern !== undefined) {
    checkText(`${at}.pattern`, pattern, { max: 500, nonBlank: true });
    try {
      compiled = compilePattern(pattern as string);
    } catch (error) {
      fail(`${at}.pattern`, `is not a regular expression (${(error as Error).message}); write it as for the HTML pattern attribute, e.g. "[a-z]{2}(-[A-Z]{2})?"`);
    }
  }
  checkText(`${at}.patternMessage`, field['patternMessage'], { optional: true, max: 300, nonBlank: true });
  if (field['patternMessage'] !== undefined && pattern === undefined) fail(`${at}.patternMessage`, 'says why a value does not match `pattern`, which this field lacks');
  const fallback = field['default'];
  if (fallback === undefined) return;
  checkText(`${at}.default`, fallback, { max: (field['maxLength'] as number | undefined) ?? DEFAULT_MAX_LENGTH });
  if (compiled && !compiled.test(fallback as string)) fail(`${at}.default`, `${describeValue(fallback)} does not match the field's own pattern ${JSON.stringify(pattern)}`);
}

function checkNumberField(field: Record<string, unknown>, at: string): void {
  for (const key of ['min', 'max', 'default'] as const) {
    const value = field[key];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) fail(`${at}.${key}`, `must be a finite number, got ${describeValue(value)}`);
  }
  checkBoolean(`${at}.integer`, field['integer']);
  const { min, max, default: fallback } = field as { min?: number; max?: number; default?: number };
  if (min !== undefined && max !== undefined && min > max) fail(`${at}.min`, `${min} is above max ${max}; swap them`);
  if (fallback === undefined) return;
  if (min !== undefined && fallback < min) fail(`${at}.default`, `${fallback} is below the field's min ${min}`);
  if (max !== undefined && fallback > max) fail(`${at}.default`, `${fallback} is above the field's max ${max}`);
  if (field['integer'] === true && !Number.isInteger(fallback)) fail(`${at}.default`, `${fallback} is not a whole number, and the field takes only whole numbers`);
}

function checkSelectField(field: Record<string, unknown>, at: string): void {
  const { options } = field;
  if (typeof options === 'function') {
    checkText(`${at}.default`, field['default'], { optional: true, max: 200 });
    return;
  }
  checkPreferenceOptions(options, `${at}.options`);
  const fallback = field['default'];
  if (fallback !== undefined && !options.some((option) => option.value === fallback)) {
    fail(`${at}.default`, `${describeValue(fallback)} is not the value of one of the options (${options.map((option) => JSON.stringify(option.value)).join(', ')})`);
  }
}

/** Throws naming the first defective option; a select takes 1 to 100 options with distinct values. */
export function checkPreferenceOptions(options: unknown, where: string): asserts options is readonly { value: string; label: string }[] {
  if (!Array.isArray(options) || options.length === 0 || options.length > MAX_OPTIONS) {
    fail(where, `must be 1 to ${MAX_OPTIONS} options like [{ "value": "en", "label": "English" }], or a function returning a promise of them; got ${describeValue(options)}${Array.isArray(options) ? ` of ${options.length}` : ''}`);
  }
  const values = new Set<string>();
  options.forEach((option: unknown, index) => {
    const at = `${where}[${index}]`;
    checkObject(at, option, '{ "value": "en", "label": "English" }');
    checkKnownKeys(at, option, ['value', 'label'], 'an option');
    checkText(`${at}.value`, option['value'], { max: 200 });
    checkText(`${at}.label`, option['label'], { max: 200, nonBlank: true });
    if (values.has(option['value'] as string)) fail(`${at}.value`, `"${option['value'] as string}" is the value of an earlier option too; values must differ`);
    values.add(option['value'] as string);
  });
}
