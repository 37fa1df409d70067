export type {
  PreferenceFieldCommon,
  PreferenceKind,
  PreferenceOption,
  PreferenceOptionsLoader,
  PreferenceField,
  TextPreference,
  PasswordPreference,
  NumberPreference,
  CheckboxPreference,
  SelectPreference,
  StaticPreferenceField,
  PreferenceValue,
  PreferenceValues,
  PreferenceSubject,
  PreferenceError,
  PreferenceContext,
  PreferenceValidation,
} from './preference.types.js';
export { PREFERENCE_KINDS } from './preference.types.js';
export { checkPreferenceSchema, checkPreferenceOptions } from './check-preference-schema.js';
export { validatePreferences, type ValidatePreferencesOptions } from './validate-preferences.js';
export { resolvePreferenceOptions, type ResolvedPreferenceFields, type PreferenceOptionsFailure } from './preference-options.js';
export { createPreferenceStore, type PreferenceStore, type PreferenceStoreOptions } from './preference-store.js';
export { buildSetupSurface, readSetupValues, SETUP_VALUES_POINTER, type SetupSurfaceOptions, type SetupSubject } from './setup-surface.js';
