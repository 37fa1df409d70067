import type { IntentEvent } from '../../events/intents.js';
import type { PreferenceStore } from '../preferences/preference-store.js';
import type { SkillRegistry } from '../skill-registry.js';
import type { Skill } from '../skill.types.js';
import type { PanelStack } from './panel-stack.types.js';
import type { RunStrings } from './run-strings-of.js';
import type { PointerFrame, PointerStore } from './run-pointer.js';
import type { SkillPorts } from './skill-ports.types.js';

/** What every part of a run reaches: the ports, the stores, the settings of the runner. */
export interface RunnerCore {
  readonly registry: SkillRegistry;
  readonly preferences: PreferenceStore;
  readonly ports: SkillPorts;
  readonly panels: PanelStack;
  readonly pointers: PointerStore;
  /** This runner instance, as written in the step pointer. */
  readonly owner: string;
  readonly targetTimeoutMs: number;
  readonly maxDepth: number;
  locale(): string;
  strings(): RunStrings;
  /** Host-facing: a skill's code threw, its surface is not valid, a port failed. */
  reportError(error: unknown, skill?: Skill): void;
  newRunId(): string;
  /** Records an intent; the timestamp is the clock's. */
  emit(event: DistributiveOmit<IntentEvent, 'timestamp'>): void;
  /** Tells the view which step of a script runs now. */
  stepReached(runId: string, step: number, steps: number): void;
  /**
   * Runs another skill inside this run (a `skill` step): `outerFrames` are the pointer frames of the
   * scripts around it, `resume` continues a script from its own frames.
   */
  runNested(parent: RunScope, id: string, vars: Readonly<Record<string, string>>, place: { outerFrames: readonly PointerFrame[]; resume?: readonly PointerFrame[] }): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One skill running: its own id and arguments, and where it sits among the skills that run it. */
export interface RunScope {
  readonly core: RunnerCore;
  readonly skill: Skill;
  readonly runId: string;
  /** The outermost run's id: the step pointer is that run's. */
  readonly rootRunId: string;
  readonly args: Readonly<Record<string, string>>;
  readonly rest: string;
  readonly signal: AbortSignal;
  /** The ids of the skills running, the outermost first, this one last. */
  readonly chain: readonly string[];
  /** The pointer frames of the scripts that run this one, each at the step that runs it. */
  readonly outerFrames: readonly PointerFrame[];
  readonly resumed: boolean;
  /** Shared by the whole run: once it has written its pointer, the pointer must stay its own. */
  readonly lease: { written: boolean };
}
