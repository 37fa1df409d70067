import { sleep } from '../../util/sleep.js';
import type { SkillTools } from '../script-step.types.js';
import { RunCancelled, RunFailed, untilCancelled } from './run-errors.js';
import { framesAt, say, type ScriptRun } from './script-steps.js';
import type { SkillOverlayHandle } from './skill-ports.types.js';

/** What an `action` step's code is given: the ports, bound to this run (its signal, its kept results). */
export function buildSkillTools(run: ScriptRun): SkillTools {
  const { scope } = run;
  const { core, signal } = scope;
  const { ports } = core;
  let next = 0;
  // The code is told the mark it made by id; overlays are cleared all at once, through the port.
  const keep = (handle: SkillOverlayHandle | undefined): string | undefined => (handle ? `${scope.runId}:mark-${++next}` : undefined);
  const model = ports.llm;
  return {
    signal,
    args: scope.args,
    saved: run.saved,
    async navigate(path) {
      await untilCancelled(ports.navigate(path), signal);
    },
    subtitle: (text) => say(run, text),
    point: (selector, options = {}) => keep(ports.point(selector, options.style ?? 'highlight', options.label, options.color)),
    inject: (selector, text, position = 'after') => keep(ports.inject(selector, text, position)),
    clearOverlays: () => ports.clearOverlays(),
    async waitForVisitor(hint) {
      const answer = await untilCancelled(ports.waitForVisitor({ ...(hint !== undefined ? { hint } : {}), signal }), signal);
      return answer === 'accept' ? 'continue' : 'stop';
    },
    wait: (ms) => sleep(ms, signal, () => new RunCancelled(), ports.clock),
    surface: (surface, options = {}) => untilCancelled(ports.showSurface(surface, options.placement ?? 'modal', { signal }), signal),
    ...(model ? { llm: (prompt: string) => untilCancelled(model(prompt, { signal }), signal) } : {}),
    async runSkill(id, vars = {}) {
      if (typeof id !== 'string') throw new RunFailed('not-found', core.strings().run.notFound(String(id)));
      await core.runNested(scope, id, vars, { outerFrames: framesAt(run, run.index) });
    },
  };
}
