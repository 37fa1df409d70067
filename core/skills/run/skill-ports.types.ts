import type { IntentEvent } from '../../events/intents.js';
import type { PaletteHandle } from '../../palette/palette-item.types.js';
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import type { SurfaceData } from '../../surface/surface-model.js';
import type { PieceSurface } from '../../surface/surface.types.js';
import type { PointStyle, SkillSurfacePlacement } from '../script-step.types.js';

/** Time, only through this port, so a test can move it by hand and every wait is deterministic. */
export interface SkillClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A mark or note placed on the page; `remove()` takes it away again. */
export interface SkillOverlayHandle {
  remove(): void;
}

/**
 * What a navigation did: `document` when it starts loading another document (this page goes away,
 * and the run goes on there through `resumePending()`), `route` when the page stayed (a client-side
 * route change). Nothing returned counts as `route`.
 */
export type SkillNavigation = 'document' | 'route';

/** The visitor's answer to a wait: go on (Space), or leave (a double tap, Esc). The view picks the keys. */
export type VisitorAnswer = 'accept' | 'exit';

export interface VisitorWaitOptions {
  /** Shown while waiting, e.g. "Press Space when you are ready". */
  hint?: string;
  signal: AbortSignal;
}

export interface TargetWaitOptions {
  /** How long the page may take to show the element. */
  timeoutMs: number;
  signal: AbortSignal;
}

/** How an agent run handed a task ended. */
export interface SkillAgentRunEnd {
  status: 'done' | 'stopped' | 'failed';
  /** Why it failed, in the visitor's words. */
  message?: string;
}

/** An agent run started for a skill: its end, and a way to stop it when the skill is cancelled. */
export interface SkillAgentRun {
  readonly ended: Promise<SkillAgentRunEnd>;
  stop?(): void;
}

/** What a template may read of the page: `{{page.title}}`, `{{page.url}}`. */
export interface SkillPageInfo {
  title?: string;
  url?: string;
  /** The path, for the skills' `visible(context)`. */
  path?: string;
}

/**
 * Everything the skill runner does to the page, the subtitle, the agent and the surfaces goes
 * through these ports, so the runner stays headless and the controller wires the real ones.
 */
export interface SkillPorts {
  /** Goes to a path of the site or an http(s) address; see `SkillNavigation`. */
  navigate(path: string): SkillNavigation | void | Promise<SkillNavigation | void>;
  subtitle: {
    /** Shows a line; the subtitle is a live region, so this is also what a screen reader hears. */
    show(text: string): void;
    hide(): void;
  };
  /** Marks the first element `selector` finds; undefined when none does. */
  point(selector: string, style: PointStyle, label?: string, color?: string): SkillOverlayHandle | undefined;
  /** Places a note of text (never markup) before or after the element. */
  inject(selector: string, text: string, position: 'before' | 'after'): SkillOverlayHandle | undefined;
  clearOverlays(): void;
  waitForVisitor(options: VisitorWaitOptions): Promise<VisitorAnswer>;
  /** Resolves true once `selector` finds an element, false when `timeoutMs` passes first. */
  findTarget(selector: string, options: TargetWaitOptions): Promise<boolean>;
  /**
   * Shows a surface; resolves with its data on submit, `null` on cancel. Closes it when `signal`
   * aborts. `purpose` is `setup` for a skill's settings form (which `dddk.submitPreferences` answers).
   */
  showSurface(surface: PieceSurface, placement: SkillSurfacePlacement, options: { signal: AbortSignal; purpose?: 'setup' }): Promise<SurfaceData | null>;
  /** One model call; absent when the page has no model. */
  llm?(prompt: string, options: { signal: AbortSignal }): Promise<string>;
  /** Hands a task to the agent; absent when the page has none. */
  startAgent?(task: string): SkillAgentRun;
  closePalette?(): void;
  /** The session-scoped storage (sessionStorage in a page): a tour's step pointer lives here. */
  storage: KeyValueStorage;
  /** The lasting storage (localStorage in a page) each skill's code gets a corner of; absent: memory. */
  persistentStorage?: KeyValueStorage;
  /** The palette's steering handle, for a skill's code; absent where the page has none. */
  palette?(): PaletteHandle | undefined;
  /** Records an intent in the kit's intent stream. */
  intent(event: IntentEvent): void;
  /** The text the visitor selected, for `{{selection}}`. */
  selection(): string | undefined;
  page(): SkillPageInfo;
  clock: SkillClock;
}
