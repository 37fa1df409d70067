import { sleep } from '../../util/sleep.js';
import type { InjectStep, LlmStep, PointStep, ScriptStep, SurfaceStep, WaitStep } from '../script-step.types.js';
import { argumentLabels, fillOrAsk } from './ask-missing.js';
import { askModel, modelFor } from './ask-model.js';
import { RunCancelled, RunFailed, untilCancelled } from './run-errors.js';
import type { PointerFrame } from './run-pointer.js';
import type { RunScope } from './run-scope.js';
import { flattenValues, runSources } from './run-template-values.js';
import { withoutSecretFields } from './surface-secrets.js';

/** One script's state while it runs: what its steps kept, and what the subtitle says for it now. */
export interface ScriptRun {
  readonly scope: RunScope;
  readonly saved: Record<string, unknown>;
  /** The step running now. */
  index: number;
  /** The line the subtitle shows for the script now, and the step that showed it. */
  spoken: string | undefined;
  spokenAt: number;
}

/** How long a target may take before the subtitle says what the step waits for. */
const WAITING_NOTICE_MS = 600;

/** The steps that need nothing of the pointer: everything but `navigate`, `skill` and `action`. */
export async function runPlainStep(run: ScriptRun, step: Exclude<ScriptStep, { step: 'navigate' | 'skill' | 'action' }>): Promise<void> {
  const { ports } = run.scope.core;
  switch (step.step) {
    case 'subtitle':
      return say(run, await fillOrAsk(run.scope, step.text, templateLayers(run), argumentLabels(run.scope)));
    case 'point':
      return point(run, step);
    case 'inject':
      return inject(run, step);
    case 'clear':
      return ports.clearOverlays();
    case 'wait':
      return wait(run, step);
    case 'surface':
      return surface(run, step);
    case 'llm':
      return llm(run, step);
  }
}

/** Arguments first, then what earlier steps kept, then the page's sources. */
export function templateLayers(run: ScriptRun): Record<string, string>[] {
  return [{ ...run.scope.args }, flattenValues(run.saved), runSources(run.scope)];
}

/** This script's frame at `step`, under the frames of the scripts that run it. */
export function framesAt(run: ScriptRun, step: number): PointerFrame[] {
  const { scope } = run;
  return [...scope.outerFrames, { skillId: scope.skill.id, step, args: { ...scope.args }, saved: { ...run.saved } }];
}

export function say(run: ScriptRun, text: string): void {
  run.spoken = text;
  run.spokenAt = run.index;
  run.scope.core.ports.subtitle.show(text);
}

/**
 * Waits (bounded) for the element a step is about. After a moment the subtitle says what it waits
 * for; when it does not come, the step is skipped with a word to the visitor, or the run fails when
 * the step says `ifMissing: 'fail'`. True when the element is there.
 */
async function awaitTarget(run: ScriptRun, selector: string, label: string | undefined, ifMissing: 'skip' | 'fail' | undefined): Promise<{ found: boolean; noticed: boolean }> {
  const { core, signal } = run.scope;
  const words = core.strings().run;
  const target = words.target(label);
  let noticed = false;
  const notice = core.ports.clock.setTimeout(() => {
    noticed = true;
    core.ports.subtitle.show(words.waitingFor(target));
  }, WAITING_NOTICE_MS);
  let found: boolean;
  try {
    found = await untilCancelled(core.ports.findTarget(selector, { timeoutMs: core.targetTimeoutMs, signal }), signal);
  } finally {
    core.ports.clock.clearTimeout(notice);
  }
  if (found) return { found, noticed };
  if (ifMissing === 'fail') throw new RunFailed('target-missing', words.targetMissing(target));
  say(run, words.targetSkipped(target));
  return { found, noticed: true };
}

async function point(run: ScriptRun, step: PointStep): Promise<void> {
  const { found, noticed } = await awaitTarget(run, step.selector, step.label, step.ifMissing);
  if (!found) return;
  run.scope.core.ports.point(step.selector, step.style ?? 'highlight', step.label, step.color);
  // The subtitle is what a screen reader hears, so every mark comes with a line: its label, else the
  // line the step before said about it, else a plain "look here".
  const saidJustBefore = run.spoken !== undefined && run.spokenAt === run.index - 1;
  if (step.label !== undefined) say(run, step.label);
  else if (noticed || !saidJustBefore) say(run, saidJustBefore ? run.spoken! : run.scope.core.strings().run.pointed);
}

async function inject(run: ScriptRun, step: InjectStep): Promise<void> {
  const { found, noticed } = await awaitTarget(run, step.selector, undefined, step.ifMissing);
  if (!found) return;
  run.scope.core.ports.inject(step.selector, step.text, step.position ?? 'after');
  if (noticed) say(run, step.text);
}

async function wait(run: ScriptRun, step: WaitStep): Promise<void> {
  const { ports } = run.scope.core;
  const { signal } = run.scope;
  if (step.ms !== undefined) return sleep(step.ms, signal, () => new RunCancelled(), ports.clock);
  const answer = await untilCancelled(ports.waitForVisitor({ ...(step.hint !== undefined ? { hint: step.hint } : {}), signal }), signal);
  // Leaving at a wait is the visitor ending the tour: a cancel, not a failure.
  if (answer !== 'accept') throw new RunCancelled();
}

async function surface(run: ScriptRun, step: SurfaceStep): Promise<void> {
  const { ports } = run.scope.core;
  const data = await untilCancelled(ports.showSurface(step.surface, step.placement ?? 'modal', { signal: run.scope.signal }), run.scope.signal);
  if (data === null) throw new RunCancelled();
  if (step.saveAs !== undefined) run.saved[step.saveAs] = withoutSecretFields(step.surface, data);
}

async function llm(run: ScriptRun, step: LlmStep): Promise<void> {
  const model = modelFor(run.scope);
  const prompt = await fillOrAsk(run.scope, step.prompt, templateLayers(run), argumentLabels(run.scope));
  const answer = await askModel(run.scope, model, prompt);
  if (step.saveAs !== undefined) run.saved[step.saveAs] = answer;
  if (step.say !== false) say(run, answer);
}
