import type { PromptSkill } from '../skill.types.js';
import { argumentLabels, fillOrAsk } from './ask-missing.js';
import { askModel, modelFor } from './ask-model.js';
import { RunCancelled, RunFailed, untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';
import { runSources } from './run-template-values.js';

/** A prompt skill: its template filled (what is missing asked for), then to the agent or to one model call. */
export async function runPrompt(scope: RunScope): Promise<{ answer?: string }> {
  const skill = scope.skill as PromptSkill;
  const { core } = scope;
  const text = await fillOrAsk(scope, skill.prompt, [{ ...scope.args }, skill.variables ?? {}, runSources(scope)], argumentLabels(scope));
  if (skill.via !== 'llm') {
    await runAgentTask(scope, text);
    return {};
  }
  const answer = await askModel(scope, modelFor(scope), text);
  core.ports.subtitle.show(answer);
  return { answer };
}

/** Hands `task` to the agent and waits for its run to end; cancelling the skill stops that run. */
export async function runAgentTask(scope: RunScope, task: string): Promise<void> {
  const { core, signal, skill } = scope;
  const start = core.ports.startAgent;
  if (!start) throw new RunFailed('no-agent', core.strings().run.noAgent(skill.name));
  const run = start(task);
  const stop = (): void => {
    try {
      run.stop?.();
    } catch (error) {
      core.reportError(error, skill);
    }
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    const end = await untilCancelled(run.ended, signal);
    if (end.status === 'stopped') throw new RunCancelled();
    if (end.status === 'failed') throw new RunFailed('agent-failed', end.message ?? core.strings().run.agentFailed(skill.name));
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
