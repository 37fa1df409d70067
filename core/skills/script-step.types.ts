import type { PieceSurface } from '../surface/surface.types.js';
import type { SurfaceData } from '../surface/surface-model.js';

/** How a `point` step marks its element: an outline with a tint, a border, or a dimmed page around it. */
export type PointStyle = 'highlight' | 'border' | 'spotlight';

export const POINT_STYLES: readonly PointStyle[] = ['highlight', 'border', 'spotlight'];

/** What a `point` or `inject` step does when its element does not appear in time. */
export type TargetMissing = 'skip' | 'fail';

export const TARGET_MISSING: readonly TargetMissing[] = ['skip', 'fail'];

/** Where a `surface` step (or a surface skill) shows its form. */
export type SkillSurfacePlacement = 'modal' | 'dock' | 'palette' | 'subtitle';

export const SKILL_SURFACE_PLACEMENTS: readonly SkillSurfacePlacement[] = ['modal', 'dock', 'palette', 'subtitle'];

/** Goes to a path of the site (`/pricing`), or an http(s) address. */
export interface NavigateStep {
  step: 'navigate';
  path: string;
}

/** Shows a line in the subtitle bar. `{{name}}` placeholders are filled as in a prompt. */
export interface SubtitleStep {
  step: 'subtitle';
  text: string;
}

/** Points at the first element `selector` finds; the mark stays until a `clear` step or the end. */
export interface PointStep {
  step: 'point';
  selector: string;
  style?: PointStyle;
  /** A short caption beside the mark. */
  label?: string;
  /** A CSS colour for the mark (`#2f6f3e`, `rebeccapurple`). */
  color?: string;
  /** When the element does not appear in time: go on without it (default), or end the script as failed. */
  ifMissing?: TargetMissing;
}

/** Places a note of text before or after an element (as text, never markup). */
export interface InjectStep {
  step: 'inject';
  selector: string;
  text: string;
  position?: 'before' | 'after';
  /** When the element does not appear in time: go on without the note (default), or end the script as failed. */
  ifMissing?: TargetMissing;
}

/** Removes the marks and notes earlier steps placed. */
export interface ClearStep {
  step: 'clear';
}

/** Waits for the visitor to continue (or stop), or `ms` milliseconds when given. */
export interface WaitStep {
  step: 'wait';
  ms?: number;
  /** Shown while waiting for the visitor, e.g. "Press Space when you are ready". */
  hint?: string;
}

/** Shows a surface for the visitor to fill, and waits for its submit or cancel (which ends the script). */
export interface SurfaceStep {
  step: 'surface';
  surface: PieceSurface;
  placement?: SkillSurfacePlacement;
  /** The submitted data is kept under this name for later steps (`{{name.field}}`). */
  saveAs?: string;
}

/** Asks the model once; the answer is shown in the subtitle bar unless `say` is false. */
export interface LlmStep {
  step: 'llm';
  /** A template: `{{name}}` is filled from the arguments, saved results and sources. */
  prompt: string;
  saveAs?: string;
  say?: boolean;
}

/** Runs another skill, by id, with its arguments by name; the script goes on when it ends. */
export interface SkillStep {
  step: 'skill';
  id: string;
  vars?: Readonly<Record<string, string>>;
}

/** A step of code: anything the tools can do, in any order. Only skills registered from a script have one. */
export interface ActionStep {
  step: 'action';
  action: (tools: SkillTools) => void | Promise<void>;
}

/** A step a page config's JSON can hold: every kind but `action`. */
export type DeclaredScriptStep = NavigateStep | SubtitleStep | PointStep | InjectStep | ClearStep | WaitStep | SurfaceStep | LlmStep | SkillStep;

export type ScriptStep = DeclaredScriptStep | ActionStep;

export type ScriptStepKind = ScriptStep['step'];

export const SCRIPT_STEP_KINDS: readonly ScriptStepKind[] = ['navigate', 'subtitle', 'point', 'inject', 'clear', 'wait', 'surface', 'llm', 'skill', 'action'];

/** The visitor's answer to a wait: go on, or leave the script. */
export type VisitorDecision = 'continue' | 'stop';

/** What an `action` step's code may do; the runner gives it, bound to the page and the run. */
export interface SkillTools {
  /** Aborted when the visitor stops the script or the page goes away. */
  readonly signal: AbortSignal;
  /** The arguments the skill was run with, by name. */
  readonly args: Readonly<Record<string, string>>;
  /** The results earlier steps kept (`saveAs`), by name. */
  readonly saved: Readonly<Record<string, unknown>>;
  navigate(path: string): Promise<void>;
  subtitle(text: string): void;
  /** Marks an element; returns the mark's id, or undefined when the selector finds nothing. */
  point(selector: string, options?: { style?: PointStyle; label?: string; color?: string }): string | undefined;
  inject(selector: string, text: string, position?: 'before' | 'after'): string | undefined;
  clearOverlays(): void;
  waitForVisitor(hint?: string): Promise<VisitorDecision>;
  wait(ms: number): Promise<void>;
  /** Shows a surface; resolves with its data on submit, `null` on cancel. */
  surface(surface: PieceSurface, options?: { placement?: SkillSurfacePlacement }): Promise<SurfaceData | null>;
  /** Present when the page has a model. */
  llm?(prompt: string): Promise<string>;
  runSkill(id: string, vars?: Readonly<Record<string, string>>): Promise<void>;
}
