import { fillSettingsForm } from '../preferences/settings-form.js';
import { RunCancelled, untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';

/**
 * Lets the skill run once its required settings are filled. Until then the setup form is shown
 * (`fillSettingsForm`); cancelling the form cancels the run.
 */
export async function passPreferenceGate(scope: RunScope): Promise<void> {
  const { core, skill, signal } = scope;
  if (!skill.preferences || core.preferences.missingRequired(skill).length === 0) return;
  const filled = await untilCancelled(
    fillSettingsForm(skill, {
      preferences: core.preferences,
      show: (surface) => untilCancelled(core.ports.showSurface(surface, 'modal', { signal, purpose: 'setup' }), signal),
      locale: core.locale(),
      reportError: (error) => core.reportError(error, skill),
      enough: () => core.preferences.missingRequired(skill).length === 0,
    }),
    signal,
  );
  if (!filled) throw new RunCancelled();
}
