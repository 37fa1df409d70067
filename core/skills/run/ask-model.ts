import { RunCancelled, RunFailed, untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';
import type { SkillPorts } from './skill-ports.types.js';

export type SkillModel = NonNullable<SkillPorts['llm']>;

/** The model the runner was given, or a failure saying the skill needs one (checked before anything is asked of the visitor). */
export function modelFor(scope: RunScope): SkillModel {
  const model = scope.core.ports.llm;
  if (!model) throw new RunFailed('no-model', scope.core.strings().run.noModel(scope.skill.name));
  return model;
}

/** One call to the model for the skill: its answer; a failed call fails the run in the visitor's words, a cancel stays a cancel. */
export async function askModel(scope: RunScope, model: SkillModel, prompt: string): Promise<string> {
  const { core, signal, skill } = scope;
  try {
    return await untilCancelled(model(prompt, { signal }), signal);
  } catch (error) {
    if (error instanceof RunCancelled) throw error;
    core.reportError(error, skill);
    throw new RunFailed('threw', core.strings().run.threw(skill.name));
  }
}
