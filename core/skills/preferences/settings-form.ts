import type { SurfaceData } from '../../surface/surface-model.js';
import type { PieceSurface } from '../../surface/surface.types.js';
import type { Skill } from '../skill.types.js';
import { resolvePreferenceOptions } from './preference-options.js';
import type { PreferenceStore } from './preference-store.js';
import type { PreferenceError } from './preference.types.js';
import { buildSetupSurface, readSetupValues } from './setup-surface.js';
import { validatePreferences } from './validate-preferences.js';

export interface SettingsFormOptions {
  preferences: PreferenceStore;
  /** Shows the form; its data on submit, `null` on cancel. */
  show(surface: PieceSurface): Promise<SurfaceData | null>;
  locale: string;
  /** Told of options that could not be loaded (the field shows that it has none). */
  reportError(error: unknown): void;
  /** Whether the stored settings are enough; default: the first valid submit is. */
  enough?: () => boolean;
}

/**
 * The skill's settings form until a submit is valid (and `enough`): a refused submit is shown again
 * with its messages and everything the visitor entered, so nothing typed is lost. Resolves false
 * when the visitor cancels. Used before a first run (the required settings) and from the palette.
 */
export async function fillSettingsForm(skill: Skill, options: SettingsFormOptions): Promise<boolean> {
  const fields = skill.preferences ?? [];
  const resolved = await resolvePreferenceOptions(fields);
  for (const failure of resolved.failures) options.reportError(failure.error);
  let entered: Record<string, unknown> | undefined;
  let errors: PreferenceError[] = [];
  for (;;) {
    const current = options.preferences.read(skill);
    const surface = buildSetupSurface(skill, current, { fields: resolved.fields, locale: options.locale, ...(entered ? { entered } : {}), errors });
    const data = await options.show(surface);
    if (data === null) return false;
    const checked = validatePreferences(resolved.fields, readSetupValues(data), { current, locale: options.locale });
    if (checked.ok) {
      options.preferences.write(skill, checked.values);
      if (options.enough?.() ?? true) return true;
    }
    entered = { ...readSetupValues(data), ...checked.values };
    errors = checked.errors;
  }
}
