import { formatIssue, validateSurface } from '../../surface/validate-surface.js';
import type { SurfaceSkill } from '../skill.types.js';
import { fillOrAsk } from './ask-missing.js';
import { callSkillCode } from './run-action.js';
import { RunCancelled, RunFailed, untilCancelled } from './run-errors.js';
import { runAgentTask } from './run-prompt.js';
import type { RunScope } from './run-scope.js';
import { flattenValues, runSources } from './run-template-values.js';
import { buildSkillContext } from './skill-context.js';
import { withoutSecretFields } from './surface-secrets.js';

/**
 * A surface skill: its form (built now, or the static one), checked before it is shown; the submit
 * goes to `onSubmit`, or fills `submitPrompt` and becomes the agent's task. A cancel cancels the run.
 */
export async function runSurface(scope: RunScope): Promise<void> {
  const skill = scope.skill as SurfaceSkill;
  const { core, signal } = scope;
  const context = buildSkillContext(scope);
  const built = skill.build ? await callSkillCode(scope, () => skill.build!(context)) : skill.surface;
  const checked = validateSurface(built);
  if (!checked.ok) {
    core.reportError(new TypeError(`the surface of the skill "${skill.id}" is not valid; fix it before it can be shown:\n${checked.errors.map(formatIssue).join('\n')}`), skill);
    throw new RunFailed('invalid-surface', core.strings().run.invalidSurface(skill.name));
  }
  const data = await untilCancelled(core.ports.showSurface(checked.surface, skill.placement ?? 'modal', { signal }), signal);
  if (data === null) throw new RunCancelled();
  if (skill.onSubmit) {
    await callSkillCode(scope, () => skill.onSubmit!(data, context));
    return;
  }
  if (skill.submitPrompt === undefined) return;
  // What the visitor typed is data: it fills the template, and is never read as a template itself.
  const fields = flattenValues(withoutSecretFields(checked.surface, data));
  const task = await fillOrAsk(scope, skill.submitPrompt, [fields, { ...scope.args }, runSources(scope)]);
  await runAgentTask(scope, task);
}
