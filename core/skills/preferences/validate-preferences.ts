import { skillStrings, type SkillStrings } from '../skills.strings.js';
import { compilePattern, maxLengthOf } from './check-preference-schema.js';
import type { PreferenceField, PreferenceOption, PreferenceValidation, PreferenceValue, PreferenceValues } from './preference.types.js';

export interface ValidatePreferencesOptions {
  /** The locale of the messages. Default `en`. */
  locale?: string;
  /**
   * The values stored now. A password field left empty while one is stored keeps it (the setup form
   * never shows a stored secret, so an empty field means "unchanged"); it is then left out of `values`.
   */
  current?: PreferenceValues;
}

type Outcome = { value: PreferenceValue | null } | { message: string } | { keep: true };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Checks what the visitor entered against the schema (`fields` checked with `checkPreferenceSchema`).
 * An accepted value is converted to its kind (text typed into a number field becomes a number); an
 * empty optional field becomes `null` (cleared). A refused one comes back exactly as entered, with a
 * message for the visitor, so the form can be shown again with nothing lost. A `select` whose options
 * are still a loader takes any text: resolve them first with `resolvePreferenceOptions` to check it.
 */
export function validatePreferences(
  fields: readonly PreferenceField[],
  entered: Readonly<Record<string, unknown>>,
  options: ValidatePreferencesOptions = {},
): PreferenceValidation {
  const strings = skillStrings(options.locale ?? 'en');
  const values: Record<string, unknown> = {};
  const errors: PreferenceValidation['errors'] = [];
  for (const field of fields) {
    const raw = entered[field.name];
    const outcome = checkValue(field, raw, options.current?.[field.name] !== undefined, strings);
    if ('keep' in outcome) continue;
    if ('message' in outcome) {
      errors.push({ field: field.name, message: outcome.message });
      values[field.name] = raw;
    } else {
      values[field.name] = outcome.value;
    }
  }
  return { ok: errors.length === 0, values, errors };
}

function isEmpty(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function checkValue(field: PreferenceField, raw: unknown, stored: boolean, strings: SkillStrings): Outcome {
  const words = strings.preferences;
  if (field.kind === 'checkbox') return checkCheckbox(field, raw, strings);
  if (isEmpty(raw)) {
    if (field.kind === 'password' && stored) return { keep: true };
    return field.required ? { message: words.required(field.title) } : { value: null };
  }
  switch (field.kind) {
    case 'number':
      return checkNumber(field, raw, strings);
    case 'select':
      return checkSelect(field, raw, strings);
    default: {
      if (typeof raw !== 'string') return { message: words.text(field.title) };
      const max = maxLengthOf(field);
      if (raw.length > max) return { message: words.tooLong(field.title, max) };
      if (field.kind === 'text' && field.pattern !== undefined && !compilePattern(field.pattern).test(raw)) {
        return { message: field.patternMessage ?? words.pattern(field.title) };
      }
      return { value: raw };
    }
  }
}

function checkCheckbox(field: PreferenceField, raw: unknown, strings: SkillStrings): Outcome {
  const value = raw === true || raw === 'true' || raw === 'on' ? true : raw === false || raw === 'false' || isEmpty(raw) ? false : undefined;
  if (value === undefined) return { message: strings.preferences.mustCheck(field.title) };
  if (field.required && !value) return { message: strings.preferences.mustCheck(field.title) };
  return { value };
}

function checkNumber(field: Extract<PreferenceField, { kind: 'number' }>, raw: unknown, strings: SkillStrings): Outcome {
  const words = strings.preferences;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isFinite(value)) return { message: words.number(field.title) };
  const { min, max } = field;
  const outside = (min !== undefined && value < min) || (max !== undefined && value > max);
  if (outside) return { message: numberRangeText(field, strings)! };
  if (field.integer && !Number.isInteger(value)) return { message: words.wholeNumber(field.title) };
  return { value };
}

/** The numbers a number field takes, in the locale's words ("Enter a number from 1 to 10"); undefined when it takes any. */
export function numberRangeText(field: Extract<PreferenceField, { kind: 'number' }>, strings: SkillStrings): string | undefined {
  const { min, max } = field;
  const words = strings.preferences;
  if (min !== undefined && max !== undefined) return words.numberRange(min, max);
  if (min !== undefined) return words.numberAtLeast(min);
  if (max !== undefined) return words.numberAtMost(max);
  return undefined;
}

function checkSelect(field: Extract<PreferenceField, { kind: 'select' }>, raw: unknown, strings: SkillStrings): Outcome {
  if (typeof field.options === 'function') {
    return typeof raw === 'string' && raw.length <= 200 ? { value: raw } : { message: strings.preferences.text(field.title) };
  }
  const options: readonly PreferenceOption[] = field.options;
  if (options.length === 0) return { message: strings.preferences.noChoices(field.title) };
  if (options.some((option) => option.value === raw)) return { value: raw as string };
  return { message: strings.preferences.choose(options.map((option) => option.label).join(strings.listSeparator)) };
}
