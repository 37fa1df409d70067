import { resolvePreferenceOptions } from '../preferences/preference-options.js';
import { buildSetupSurface, readSetupValues } from '../preferences/setup-surface.js';
import { validatePreferences } from '../preferences/validate-preferences.js';
import type { PreferenceError } from '../preferences/preference.types.js';
import { RunCancelled, untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';

/**
 * Lets the skill run once its required settings are filled. Until then the setup form is shown;
 * a submit is checked, and a refused one is shown again with its messages and everything the
 * visitor entered. Cancelling the form cancels the run.
 */
export async function passPreferenceGate(scope: RunScope): Promise<void> {
  const { core, skill, signal } = scope;
  if (!skill.preferences || core.preferences.missingRequired(skill).length === 0) return;
  const resolved = await untilCancelled(resolvePreferenceOptions(skill.preferences), signal);
  for (const failure of resolved.failures) core.reportError(failure.error, skill);
  let entered: Record<string, unknown> | undefined;
  let errors: PreferenceError[] = [];
  for (;;) {
    const current = core.preferences.read(skill);
    const surface = buildSetupSurface(skill, current, { fields: resolved.fields, locale: core.locale(), ...(entered ? { entered } : {}), errors });
    const data = await untilCancelled(core.ports.showSurface(surface, 'modal', { signal }), signal);
    if (data === null) throw new RunCancelled();
    const checked = validatePreferences(resolved.fields, readSetupValues(data), { current, locale: core.locale() });
    if (checked.ok) {
      core.preferences.write(skill, checked.values);
      if (core.preferences.missingRequired(skill).length === 0) return;
    }
    entered = { ...readSetupValues(data), ...checked.values };
    errors = checked.errors;
  }
}
