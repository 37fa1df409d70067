import type { SkillContext } from '../skill-context.types.js';
import { untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';

/** The context an action, surface or panel skill's code is handed, built from the ports. */
export function buildSkillContext(scope: RunScope, signal: AbortSignal = scope.signal): SkillContext {
  const { core } = scope;
  const { ports } = core;
  const model = ports.llm;
  const agent = ports.startAgent;
  return {
    signal,
    args: scope.args,
    rest: scope.rest,
    preferences: core.preferences.contextFor(scope.skill),
    locale: core.locale(),
    say: (text) => ports.subtitle.show(String(text)),
    async navigate(path) {
      await untilCancelled(ports.navigate(path), signal);
    },
    closePalette: () => ports.closePalette?.(),
    ...(model ? { llm: (prompt: string) => untilCancelled(model(prompt, { signal }), signal) } : {}),
    // The skill's code hands a task on and goes on; the run it starts is the agent's, not this skill's.
    ...(agent ? { startAgent: (task: string) => void agent(task) } : {}),
  };
}
