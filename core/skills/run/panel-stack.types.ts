import type { ReadableStore } from '../../util/create-store.js';
import type { SurfaceData } from '../../surface/surface-model.js';
import type { PieceSurface } from '../../surface/surface.types.js';
import type { SkillContext } from '../skill-context.types.js';
import type { PanelSkill } from '../skill.types.js';
import type { SkillClock } from './skill-ports.types.js';

/** One entered panel, as the palette renders it. */
export interface PanelFrame {
  readonly id: string;
  readonly skillId: string;
  /** The skill's name: the frame's breadcrumb. */
  readonly title: string;
  readonly placeholder?: string;
  readonly inputMode: PanelSkill['inputMode'];
  /** What the panel shows now; absent until it renders something. */
  readonly surface?: PieceSurface;
  /** What is typed in the input while this frame is on top. */
  readonly text: string;
  /** An input or a submit of this frame is being handled. */
  readonly busy: boolean;
}

export interface PanelBreadcrumb {
  readonly title: string;
  /** Its place in the stack (0 is the first panel entered): `backTo(depth)` returns there. */
  readonly depth: number;
}

export interface PanelStackState {
  /** The entered panels, the first one first; the last one is on screen. */
  readonly frames: readonly PanelFrame[];
  readonly breadcrumbs: readonly PanelBreadcrumb[];
}

/** A panel to enter: the skill, and its context less what the stack gives (render, back, setPlaceholder). */
export interface PanelEntry {
  skill: PanelSkill;
  /** The context for a call, with the signal of that call. */
  context(signal: AbortSignal): SkillContext;
  /** Leaves the panel when it aborts (the run was cancelled). */
  signal?: AbortSignal;
}

export interface PanelStackOptions {
  clock: SkillClock;
  /** How long typing must pause before `onInput` is called. Default 200 ms. */
  debounceMs?: number;
  /** Told what a panel's code threw, or a surface it rendered that is not valid. Default a console error. */
  onError?: (error: unknown, skill: PanelSkill) => void;
  onListenerError?: (error: unknown) => void;
}

/**
 * The headless model of the panels the palette shows: a stack of frames, pushed on enter and popped
 * on `back()` (the view maps Esc, and Backspace in an empty input, to it).
 */
export interface PanelStack extends ReadableStore<PanelStackState> {
  /** Pushes the panel and calls its `onEnter`; resolves once the frame is left. */
  enter(entry: PanelEntry): Promise<void>;
  /** Pops the top frame (its `onLeave` runs); false when there was none. */
  back(): boolean;
  /** Pops every frame above `depth`: a breadcrumb's jump. */
  backTo(depth: number): void;
  /**
   * The top frame's input changed. `onInput` is called once typing pauses; a call still running
   * when the text changes again is aborted (its signal), and what it returns or renders is dropped.
   */
  input(text: string): void;
  /** Enter in the input: `onSubmit` with the text (default the frame's), superseding a pending input. */
  submit(text?: string): Promise<void>;
  /** A piece of the top frame's surface fired an action. */
  action(name: string, data?: SurfaceData): Promise<void>;
  /** Leaves every frame. */
  close(): void;
}
