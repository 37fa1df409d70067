import type { PanelSkill } from '../skill.types.js';
import { throwIfCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';
import { buildSkillContext } from './skill-context.js';

/** A panel skill: pushed on the panel stack; the run lasts while the panel is entered and ends when it is left. */
export async function runPanel(scope: RunScope): Promise<void> {
  const skill = scope.skill as PanelSkill;
  const { core } = scope;
  const depth = core.panels.getState().frames.length;
  core.emit({ kind: 'skill_step', runId: scope.runId, skillId: skill.id, index: depth, step: 'panel' });
  await core.panels.enter({ skill, context: (signal) => buildSkillContext(scope, signal), signal: scope.signal });
  // Left because the run was cancelled, rather than by the visitor going back.
  throwIfCancelled(scope.signal);
}
