import type { PaletteHandle } from '../palette/palette-item.types.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import type { SurfaceData } from '../surface/surface-model.js';
import type { PieceSurface } from '../surface/surface.types.js';
import type { SkillSurfacePlacement } from './script-step.types.js';
import type { PreferenceContext } from './preferences/preference.types.js';

/** What a skill's `visible(context)` is asked with: where the visitor is and who they are, as the host knows. */
export interface SkillVisibilityContext {
  /** The page's path, e.g. `/pricing`. */
  readonly path?: string;
  readonly locale?: string;
  /** Whatever the host says of the visitor (signed in, plan). */
  readonly user?: unknown;
}

/** What the code of an action, surface or panel skill is handed when it runs. */
export interface SkillContext {
  /** Aborted when the visitor cancels or the skill is left. */
  readonly signal: AbortSignal;
  /** The arguments typed after the command, by name. */
  readonly args: Readonly<Record<string, string>>;
  /** The text after the arguments. */
  readonly rest: string;
  /** This skill's own settings. */
  readonly preferences: PreferenceContext;
  readonly locale: string;
  /** Shows a line in the subtitle bar. */
  say(text: string): void;
  navigate(path: string): Promise<void>;
  closePalette(): void;
  /** Present when the page has a model: one call, its text back. */
  llm?(prompt: string): Promise<string>;
  /** Hands a task to the agent. */
  startAgent?(task: string): void;
  /**
   * This skill's own keys in the page's lasting storage (localStorage unless the host gave another),
   * apart from every other skill's; a storage that fails carries on in memory.
   */
  readonly storage: KeyValueStorage;
  /** Shows a form and waits for it: its data on submit, `null` on cancel (or when the skill is left). */
  showSurface(surface: PieceSurface, placement?: SkillSurfacePlacement): Promise<SurfaceData | null>;
  /** The palette, to show a result, open a list or put a command in its field; absent where the page has none. */
  readonly palette?: PaletteHandle;
}

/** A surface skill's context. */
export type SurfaceSkillContext = SkillContext;

/** A panel skill's context: it owns the palette's content area while entered. */
export interface PanelSkillContext extends SkillContext {
  /** Replaces what the panel shows. */
  render(surface: PieceSurface): void;
  /** Leaves the panel, back to the palette's list. */
  back(): void;
  setPlaceholder(text: string): void;
}
