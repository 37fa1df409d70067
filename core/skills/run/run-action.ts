import type { ActionSkill } from '../skill.types.js';
import { messageOf, RunCancelled, RunFailed, RunSuspended, untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';
import { buildSkillContext } from './skill-context.js';

/** An action skill: its handler with the context; what it throws ends the run as failed, with its message. */
export async function runAction(scope: RunScope): Promise<void> {
  const skill = scope.skill as ActionSkill;
  await callSkillCode(scope, () => skill.handler(buildSkillContext(scope)));
}

/** Runs the skill's own code: a cancel passes through, anything else it throws is reported and fails the run. */
export async function callSkillCode<T>(scope: RunScope, code: () => T | Promise<T>): Promise<T> {
  try {
    return await untilCancelled(Promise.resolve().then(code), scope.signal);
  } catch (error) {
    if (error instanceof RunCancelled || error instanceof RunFailed || error instanceof RunSuspended) throw error;
    scope.core.reportError(error, scope.skill);
    throw new RunFailed('threw', messageOf(error) ?? scope.core.strings().run.threw(scope.skill.name));
  }
}
