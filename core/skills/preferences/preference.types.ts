/** The kinds of setting a skill may ask the visitor for. */
export type PreferenceKind = 'text' | 'password' | 'number' | 'checkbox' | 'select';

export const PREFERENCE_KINDS: readonly PreferenceKind[] = ['text', 'password', 'number', 'checkbox', 'select'];

/** One choice of a `select` field. */
export interface PreferenceOption {
  value: string;
  label: string;
}

/** Where a `select` field's choices come from when they are only known at run time (the site's API). */
export type PreferenceOptionsLoader = () => Promise<readonly PreferenceOption[]>;

/** The fields every kind of setting has. */
export interface PreferenceFieldCommon {
  /** The key the value is stored and read under: a letter, then letters, digits or `_`. */
  name: string;
  /** The label the visitor reads. */
  title: string;
  /** One sentence under the field: what it is for, where to find it. */
  description?: string;
  /** The skill does not run until this is filled (for a checkbox: checked). */
  required?: boolean;
  placeholder?: string;
}

export interface TextPreference extends PreferenceFieldCommon {
  kind: 'text';
  default?: string;
  /** The whole value must match this (as the HTML `pattern` attribute does). */
  pattern?: string;
  /** What the visitor reads when the value does not match `pattern`. */
  patternMessage?: string;
  /** Most characters allowed. Default 2000. */
  maxLength?: number;
}

/**
 * A secret (an API key, a token). Its value never reaches the persistent storage, the setup form
 * never shows it back, and it cannot be written into a prompt; it has no default for the same reason.
 */
export interface PasswordPreference extends PreferenceFieldCommon {
  kind: 'password';
  maxLength?: number;
}

export interface NumberPreference extends PreferenceFieldCommon {
  kind: 'number';
  default?: number;
  min?: number;
  max?: number;
  /** Whole numbers only. */
  integer?: boolean;
}

export interface CheckboxPreference extends PreferenceFieldCommon {
  kind: 'checkbox';
  default?: boolean;
}

export interface SelectPreference extends PreferenceFieldCommon {
  kind: 'select';
  /** The choices, or a loader for them (resolve it with `resolvePreferenceOptions` before a form is built). */
  options: readonly PreferenceOption[] | PreferenceOptionsLoader;
  default?: string;
}

export type PreferenceField = TextPreference | PasswordPreference | NumberPreference | CheckboxPreference | SelectPreference;

/** A field whose choices are known: every field but a `select` with a loader. */
export type StaticPreferenceField = Exclude<PreferenceField, SelectPreference> | (SelectPreference & { options: readonly PreferenceOption[] });

/** What a setting holds once read: text, a number or a flag. */
export type PreferenceValue = string | number | boolean;

export type PreferenceValues = Readonly<Record<string, PreferenceValue>>;

/** Whatever declares preferences under an id: a skill does. */
export interface PreferenceSubject {
  id: string;
  preferences?: readonly PreferenceField[];
}

/** One refused value, phrased for the visitor. */
export interface PreferenceError {
  /** The field's `name`. */
  field: string;
  message: string;
}

/** What a skill's code reads and writes its own settings through. */
export interface PreferenceContext {
  /** The stored values, defaults filled in, secrets included (the skill's code may need them). */
  get(): PreferenceValues;
  /**
   * Checks `patch` over the current values and stores it when nothing is refused. A field left out
   * keeps its value; `null` clears it. Returns what was refused, with the entered values.
   */
  set(patch: Readonly<Record<string, unknown>>): PreferenceValidation;
  isComplete(): boolean;
  missingRequired(): readonly PreferenceField[];
}

/** The outcome of checking entered values against a schema. */
export interface PreferenceValidation {
  ok: boolean;
  /**
   * Every field's value: the accepted ones converted (a number typed as text becomes a number), the
   * refused ones exactly as entered, so a form shown again loses nothing.
   */
  values: Record<string, unknown>;
  errors: PreferenceError[];
}
