import { createStore } from '../../util/create-store.js';
import type { Skill } from '../skill.types.js';
import { createPanelStack } from './panel-stack.js';
import { RunCancelled, RunFailed, RunSuspended } from './run-errors.js';
import { createPointerStore, type PointerFrame } from './run-pointer.js';
import type { RunnerCore, RunScope } from './run-scope.js';
import { runSkillKind } from './run-skill-kind.js';
import { runStrings } from './run-strings-of.js';
import { checkRunnerOptions, missingArguments, resolveSkill } from './resolve-skill.js';
import type { ActiveSkillRun, SkillOutcome } from './skill-outcome.types.js';
import type { SkillRunner, SkillRunnerOptions, SkillRunnerState } from './skill-runner.types.js';

/** A top-level run: what `cancel()` aborts and the state shows. */
interface RunRecord {
  readonly runId: string;
  readonly skill: Skill;
  readonly controller: AbortController;
  readonly settled: Promise<unknown>;
  active: ActiveSkillRun;
}

interface StartOptions {
  runId: string;
  signal?: AbortSignal;
  resume?: readonly PointerFrame[];
}

/** A pointer picked up this often at the same step is given up: that step keeps breaking the page. */
const MAX_RESUME_ATTEMPTS = 3;

/** The skill runner: finds a skill, gates it on its settings, and runs it by its kind through the ports. */
export function createSkillRunner(options: SkillRunnerOptions): SkillRunner {
  checkRunnerOptions(options);
  const { registry, preferences, ports } = options;
  const report = options.onError ?? ((error: unknown, skill?: Skill) => console.error(`dddk: the skill${skill ? ` "${skill.id}"` : ''} failed`, error));
  const reportError = (error: unknown, skill?: Skill): void => {
    try {
      report(error, skill);
    } catch (failure) {
      console.error('dddk: the skill runner onError option threw', failure);
    }
  };
  const locale = (): string => (typeof options.locale === 'function' ? options.locale() : options.locale) ?? 'en';
  const store = createStore<SkillRunnerState>({ active: null }, { name: 'skillRunner' });
  const running: RunRecord[] = [];
  const randomPart = (): string => Math.random().toString(36).slice(2, 10);
  let resuming = false;

  const publish = (): void => store.setState({ active: running.at(-1)?.active ?? null });

  const core: RunnerCore = {
    registry,
    preferences,
    ports,
    panels: options.panels ?? createPanelStack({ clock: ports.clock, debounceMs: options.panelDebounceMs ?? 200, onError: reportError }),
    pointers: createPointerStore(ports.storage, options.pointerKey ?? 'dddk.skills.run', (failure) => reportError(new Error(failure.message))),
    owner: `runner-${randomPart()}`,
    targetTimeoutMs: options.targetTimeoutMs ?? 5000,
    maxDepth: options.maxDepth ?? 8,
    locale,
    strings: () => runStrings(locale()),
    reportError,
    newRunId: () => `skill-${ports.clock.now().toString(36)}-${randomPart()}`,
    emit(event) {
      try {
        ports.intent({ ...event, timestamp: ports.clock.now() } as Parameters<typeof ports.intent>[0]);
      } catch (error) {
        reportError(error);
      }
    },
    stepReached(runId, step, steps) {
      const record = running.find((candidate) => candidate.runId === runId);
      if (!record) return;
      record.active = { ...record.active, step, steps };
      publish();
    },
    runNested: (parent, id, vars, place) => runNested(parent, id, vars, place),
  };

  /** A skill run by another: a cycle or too deep a nesting fails the run, with the skill named. */
  const runNested: RunnerCore['runNested'] = async (parent, id, vars, place) => {
    const words = core.strings();
    const skill = registry.get(id);
    if (!skill) throw new RunFailed('not-found', words.run.notFound(id));
    if (parent.chain.includes(id)) throw new RunFailed('cycle', words.run.cycle(skill.name));
    if (parent.chain.length >= core.maxDepth) throw new RunFailed('too-deep', words.run.tooDeep(core.maxDepth));
    const missing = missingArguments(skill, vars);
    if (missing.length > 0) throw new RunFailed('missing-arguments', words.skills.commands.missingArguments(missing.map((m) => m.placeholder).join(words.skills.listSeparator)), missing.map((m) => m.name));
    const resume = place.resume?.[0]?.skillId === id ? place.resume : undefined;
    const scope: RunScope = { ...parent, skill, runId: core.newRunId(), args: { ...vars }, rest: '', chain: [...parent.chain, id], outerFrames: place.outerFrames, resumed: resume !== undefined };
    core.emit({ kind: 'skill_start', runId: scope.runId, skillId: id, skillKind: skill.kind, resumed: scope.resumed, parentRunId: parent.runId });
    try {
      await runSkillKind(scope, resume);
      core.emit({ kind: 'skill_done', runId: scope.runId, skillId: id, status: 'done' });
    } catch (error) {
      const failure = asRunError(error, skill);
      if (!(failure instanceof RunSuspended)) {
        const status = failure instanceof RunCancelled ? 'cancelled' : 'failed';
        core.emit({ kind: 'skill_done', runId: scope.runId, skillId: id, status, ...(failure instanceof RunFailed ? { reason: failure.reason } : {}) });
      }
      throw failure;
    }
  };

  /** What a run's steps threw, as one of the run's own ends; anything else is reported and fails the run. */
  const asRunError = (error: unknown, skill: Skill): RunCancelled | RunFailed | RunSuspended => {
    if (error instanceof RunCancelled || error instanceof RunFailed || error instanceof RunSuspended) return error;
    reportError(error, skill);
    return new RunFailed('threw', core.strings().run.threw(skill.name));
  };

  const start = async (skill: Skill, args: Readonly<Record<string, string>>, rest: string, how: StartOptions): Promise<SkillOutcome> => {
    // A new run ends the running ones; an entered panel stays under it until it is left.
    const superseded = running.filter((record) => record.skill.kind !== 'panel');
    for (const record of superseded) record.controller.abort();
    await Promise.all(superseded.map((record) => record.settled));
    const controller = new AbortController();
    if (how.signal?.aborted) controller.abort();
    how.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const resumed = how.resume !== undefined;
    const record: RunRecord = { runId: how.runId, skill, controller, settled, active: Object.freeze({ runId: how.runId, skillId: skill.id, kind: skill.kind, resumed }) };
    running.push(record);
    publish();
    core.emit({ kind: 'skill_start', runId: how.runId, skillId: skill.id, skillKind: skill.kind, resumed });
    const scope: RunScope = { core, skill, runId: how.runId, rootRunId: how.runId, args, rest, signal: controller.signal, chain: [skill.id], outerFrames: [], resumed, lease: { written: resumed } };
    let outcome: SkillOutcome;
    try {
      const { answer } = await runSkillKind(scope, how.resume);
      outcome = { status: 'done', skillId: skill.id, runId: how.runId, ...(answer !== undefined ? { answer } : {}) };
    } catch (error) {
      outcome = outcomeOf(asRunError(error, skill), skill, how.runId);
    }
    running.splice(running.indexOf(record), 1);
    publish();
    if (outcome.status !== 'suspended') finish(skill, outcome);
    settle();
    return outcome;
  };

  /** After a run that ended here: its pointer and marks go, and its end is recorded. */
  const finish = (skill: Skill, outcome: Exclude<SkillOutcome, { status: 'suspended' }>): void => {
    if (skill.kind === 'script') {
      core.pointers.clear(outcome.runId!);
      ports.clearOverlays();
      if (outcome.status === 'cancelled') ports.subtitle.hide();
    }
    core.emit({ kind: 'skill_done', runId: outcome.runId!, skillId: skill.id, status: outcome.status, ...(outcome.status === 'failed' ? { reason: outcome.reason } : {}) });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    panels: core.panels,
    async run(input, args = {}, runOptions = {}) {
      const found = resolveSkill(registry, input, args, core.strings());
      if ('status' in found) return found;
      return start(found.skill, found.args, found.rest, { runId: core.newRunId(), ...(runOptions.signal ? { signal: runOptions.signal } : {}) });
    },
    cancel() {
      for (const record of [...running]) record.controller.abort();
      core.panels.close();
    },
    async resumePending() {
      if (resuming) return undefined;
      const pointer = core.pointers.read();
      if (!pointer || running.some((record) => record.runId === pointer.runId)) return undefined;
      const root = registry.get(pointer.frames[0]!.skillId);
      const stale = ports.clock.now() - pointer.savedAt > (options.resumeWithinMs ?? 30 * 60_000) || pointer.attempts >= MAX_RESUME_ATTEMPTS;
      if (!root || root.kind !== 'script' || stale) {
        core.pointers.clear(pointer.runId);
        return undefined;
      }
      // Taken over: a runner still running this run elsewhere in the page steps aside at its next step.
      core.pointers.write({ ...pointer, owner: core.owner, attempts: pointer.attempts + 1, savedAt: ports.clock.now() });
      resuming = true;
      try {
        return await start(root, pointer.frames[0]!.args, '', { runId: pointer.runId, resume: pointer.frames });
      } finally {
        resuming = false;
      }
    },
  };
}

function outcomeOf(error: RunCancelled | RunFailed | RunSuspended, skill: Skill, runId: string): SkillOutcome {
  if (error instanceof RunCancelled) return { status: 'cancelled', skillId: skill.id, runId };
  if (error instanceof RunSuspended) return { status: 'suspended', skillId: skill.id, runId, step: error.step };
  return { status: 'failed', skillId: skill.id, runId, reason: error.reason, message: error.message, ...(error.missing ? { missing: error.missing } : {}) };
}
