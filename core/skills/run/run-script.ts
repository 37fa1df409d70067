import type { ScriptSkill } from '../skill.types.js';
import { RunSuspended, throwIfCancelled, untilCancelled } from './run-errors.js';
import { callSkillCode } from './run-action.js';
import type { PointerFrame } from './run-pointer.js';
import type { RunScope } from './run-scope.js';
import { framesAt, runPlainStep, type ScriptRun } from './script-steps.js';
import { buildSkillTools } from './skill-tools.js';

/**
 * Runs a script's steps in order. Before each step the whole pointer (this script and the ones that
 * run it) is written to the session storage, so a reload or a route change resumes at that step and
 * never repeats the one before. `resume` holds this script's frame and those of the scripts it runs.
 */
export async function runScript(scope: RunScope, resume?: readonly PointerFrame[]): Promise<void> {
  const skill = scope.skill as ScriptSkill;
  const own = resume?.[0];
  const run: ScriptRun = { scope, saved: { ...(own?.saved ?? {}) }, index: own?.step ?? 0, spoken: undefined, spokenAt: -2 };
  for (; run.index < skill.steps.length; run.index++) {
    throwIfCancelled(scope.signal);
    const index = run.index;
    const inner = own && index === own.step && resume!.length > 1 ? resume!.slice(1) : undefined;
    // Resuming inside a script this step runs, the stored pointer already says where, more closely.
    if (!inner) writePointer(run, index);
    scope.core.stepReached(scope.runId, index, skill.steps.length);
    const step = skill.steps[index]!;
    scope.core.emit({ kind: 'skill_step', runId: scope.runId, skillId: skill.id, index, step: step.step });
    await runStep(run, index, inner);
  }
}

async function runStep(run: ScriptRun, index: number, inner: readonly PointerFrame[] | undefined): Promise<void> {
  const { scope } = run;
  const step = (scope.skill as ScriptSkill).steps[index]!;
  switch (step.step) {
    case 'navigate': {
      // Written at the next step first: a page load never comes back here, and must not navigate twice.
      writePointer(run, index + 1);
      const went = await untilCancelled(scope.core.ports.navigate(step.path), scope.signal);
      if (went === 'document') throw new RunSuspended(index + 1);
      return;
    }
    case 'skill':
      return scope.core.runNested(scope, step.id, step.vars ?? {}, { outerFrames: framesAt(run, index), ...(inner ? { resume: inner } : {}) });
    case 'action':
      await callSkillCode(scope, () => step.action(buildSkillTools(run)));
      return;
    default:
      return runPlainStep(run, step);
  }
}

/**
 * Writes the pointer, unless the run lost it since its last write: another runner took the run over
 * (a page that made a new runner on a route change and resumed there), or ran and cleared it, or
 * started a tour of its own. Then this one steps aside, so no step runs twice.
 */
function writePointer(run: ScriptRun, step: number): void {
  const { core, rootRunId, lease } = run.scope;
  const current = core.pointers.read();
  const mine = current?.runId === rootRunId && current.owner === core.owner ? current : undefined;
  if (lease.written && !mine) throw new RunSuspended(step);
  const frames = framesAt(run, step);
  // The count of pick-ups stays while the run stands at the step it was picked up at.
  const attempts = mine && samePosition(mine.frames, frames) ? mine.attempts : 0;
  core.pointers.write({ runId: rootRunId, owner: core.owner, savedAt: core.ports.clock.now(), attempts, frames });
  lease.written = true;
}

function samePosition(a: readonly PointerFrame[], b: readonly PointerFrame[]): boolean {
  return a.length === b.length && a.every((frame, index) => frame.skillId === b[index]!.skillId && frame.step === b[index]!.step);
}
