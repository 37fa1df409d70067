import { checkPreferenceOptions } from './check-preference-schema.js';
import type { PreferenceField, PreferenceOption, StaticPreferenceField } from './preference.types.js';

/** A select field whose loader failed or returned something that is not a list of options. */
export interface PreferenceOptionsFailure {
  field: string;
  error: unknown;
}

export interface ResolvedPreferenceFields {
  /** The schema with every loader replaced by the options it gave; an empty list where it failed. */
  fields: StaticPreferenceField[];
  failures: PreferenceOptionsFailure[];
}

/**
 * Runs the loaders of the `select` fields (together) so a form can list their choices and a check can
 * hold a value to them. A loader that throws, rejects or returns a malformed list leaves its field
 * with no options and is reported, never thrown: the form shows that field as unavailable.
 */
export async function resolvePreferenceOptions(fields: readonly PreferenceField[]): Promise<ResolvedPreferenceFields> {
  const failures: PreferenceOptionsFailure[] = [];
  const resolved = await Promise.all(
    fields.map(async (field): Promise<StaticPreferenceField> => {
      if (field.kind !== 'select' || typeof field.options !== 'function') return field as StaticPreferenceField;
      try {
        const options: unknown = await field.options();
        checkPreferenceOptions(options, `the options loaded for "${field.name}"`);
        return { ...field, options: options as readonly PreferenceOption[] };
      } catch (error) {
        failures.push({ field: field.name, error });
        return { ...field, options: [] };
      }
    }),
  );
  return { fields: resolved, failures };
}
