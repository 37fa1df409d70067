import type { ReadableStore } from '../../util/create-store.js';
import type { PreferenceStore } from '../preferences/preference-store.js';
import type { SkillRegistry } from '../skill-registry.js';
import type { Skill } from '../skill.types.js';
import type { PanelStack } from './panel-stack.types.js';
import type { ActiveSkillRun, SkillOutcome } from './skill-outcome.types.js';
import type { SkillPorts } from './skill-ports.types.js';

export interface SkillRunnerOptions {
  registry: SkillRegistry;
  /** The settings store: the gate reads it, the setup form writes it, the skills' code reads it. */
  preferences: PreferenceStore;
  ports: SkillPorts;
  /** The visitor's locale, for every word the runner shows. Default `en`. */
  locale?: string | (() => string);
  /** Told what a skill's code threw, a surface that is not valid, a port or storage that failed. Default a console error. */
  onError?: (error: unknown, skill?: Skill) => void;
  /** How long a point or inject step waits for its element. Default 5000 ms. */
  targetTimeoutMs?: number;
  /** A step pointer older than this is dropped instead of resumed. Default 30 minutes. */
  resumeWithinMs?: number;
  /** How many skills may run inside one another. Default 8. */
  maxDepth?: number;
  /** The panel stack the palette renders; default one of the runner's own. */
  panels?: PanelStack;
  /** How long typing in a panel must pause before its `onInput`. Default 200 ms. */
  panelDebounceMs?: number;
  /** The session storage key of the step pointer. Default `dddk.skills.run`. */
  pointerKey?: string;
}

export interface SkillRunnerState {
  /** The run on top: the one a Stop button stops first. Null when none runs. */
  readonly active: ActiveSkillRun | null;
}

export interface SkillRunOptions {
  /** Cancels the run when it aborts. */
  signal?: AbortSignal;
}

/** Runs the skills of a registry through the ports, one kind each way; see core/skills/run/README.md. */
export interface SkillRunner extends ReadableStore<SkillRunnerState> {
  /**
   * Runs a skill by id, or by `/command args…` as typed in the palette; `args` by name add to (and
   * win over) the typed ones. A new run ends the running ones; an entered panel stays until left.
   * Every end is an outcome, whose `message` the caller shows; only a malformed call rejects (a TypeError).
   */
  run(idOrCommand: string, args?: Readonly<Record<string, string>>, options?: SkillRunOptions): Promise<SkillOutcome>;
  /** Cancels every run, panels included. */
  cancel(): void;
  /**
   * Continues a tour whose step pointer is in the session storage (after a reload or a route change)
   * at its step, once; undefined when there is none to continue. A stale pointer is dropped.
   */
  resumePending(): Promise<SkillOutcome | undefined>;
  readonly panels: PanelStack;
}
