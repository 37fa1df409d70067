import type { PieceSurface } from '../surface/surface.types.js';

/** The built-in icons a view draws itself; any other icon is a short text such as an emoji. */
export const BUILTIN_ICONS = ['search', 'link', 'copy', 'arrow', 'sparkles', 'file', 'gear', 'user', 'question', 'terminal'] as const;
export type BuiltinIconName = (typeof BUILTIN_ICONS)[number];

/** A short text (an emoji, a letter or two) drawn as text, or a built-in icon by name. */
export type PaletteIcon = string | { builtin: BuiltinIconName };

/**
 * When the field starts with one of these, the item takes the rest of the text as its argument and
 * its display spelling shows as a chip before the field. A spelling that ends in a letter or digit
 * (`g`, `go`) applies only with a space after it, so "give me a tour" stays text; one that ends in
 * anything else (`docs:`, `@`) applies at once. A string, a list of strings, or `{ match, display }`
 * to show one spelling and accept several.
 */
export type PaletteItemPrefix = string | readonly string[] | { match: string | readonly string[]; display?: string };

interface ActionCommon {
  /** What the actions menu calls it; defaults to a wording of its kind. */
  title?: string;
  icon?: PaletteIcon;
  /** A shortcut shown next to it (display only). */
  shortcut?: string;
}

/** Copies text to the clipboard. `{q}` is replaced by the argument. */
export interface CopyAction extends ActionCommon {
  kind: 'copy';
  text: string;
}

/** Inserts text into the field the palette was opened from. `{q}` is replaced by the argument. */
export interface InsertAction extends ActionCommon {
  kind: 'insert';
  text: string;
}

/** Opens an http(s) or relative URL, in a new tab (without an opener) unless `target: 'self'`. `{q}` is URL-encoded. */
export interface OpenUrlAction extends ActionCommon {
  kind: 'open-url';
  url: string;
  target?: 'new' | 'self';
}

/** Moves the site to a path, through the host router when there is one. `{q}` is URL-encoded. */
export interface NavigateAction extends ActionCommon {
  kind: 'navigate';
  path: string;
}

/** Hands a task to the agent. `{q}` is replaced by the argument. */
export interface AgentTaskAction extends ActionCommon {
  kind: 'agent-task';
  task: string;
}

/** Shows a surface: in the palette by default, or through the host's surface renderer for another placement. */
export interface RenderSurfaceAction extends ActionCommon {
  kind: 'render-surface';
  surface: PieceSurface | ((arg: string) => PieceSurface | Promise<PieceSurface>);
  /** `palette` (default) shows it in place of the list; any other value goes to the host's `renderSurface`. */
  placement?: string;
}

/** Runs a skill through the host's `runSkill`. */
export interface RunSkillAction extends ActionCommon {
  kind: 'run-skill';
  skillId: string;
  vars?: Readonly<Record<string, string>>;
}

/** Runs a host function. */
export interface CustomAction extends ActionCommon {
  kind: 'custom';
  run: (context: PaletteActionContext) => void | Promise<void>;
}

export type PaletteAction =
  | CopyAction
  | InsertAction
  | OpenUrlAction
  | NavigateAction
  | AgentTaskAction
  | RenderSurfaceAction
  | RunSkillAction
  | CustomAction;

export type PaletteActionKind = PaletteAction['kind'];

export interface PaletteActionContext {
  item: PaletteItem;
  /** The text after the item's prefix, or the query of a search row; '' otherwise. */
  arg: string;
  /** The palette, to show a result, open a list or borrow the field. */
  palette: PaletteHandle;
  /** Aborted when the palette closes or the user starts something else. */
  signal: AbortSignal;
}

/** Makes an item callable by the web agent (opt-in). */
export interface PaletteAgentTool {
  description: string;
  /** JSON Schema of the arguments; default `{ arg: string }`. */
  parameters?: Readonly<Record<string, unknown>>;
  /** The agent must ask the user before running it. */
  requireConfirmation?: boolean;
}

export interface PaletteBrowseContext {
  /** Aborted when a newer query replaces this one. */
  signal: AbortSignal;
}

export type PaletteBrowseSource = (arg: string, context: PaletteBrowseContext) => readonly PaletteItem[] | Promise<readonly PaletteItem[]>;
export type PaletteChildrenSource = readonly PaletteItem[] | ((context: PaletteBrowseContext) => readonly PaletteItem[] | Promise<readonly PaletteItem[]>);

export interface PaletteItem {
  /** Unique among the items registered together; letters, digits and `-_.:/` only. */
  id: string;
  name: string;
  description?: string;
  /** Extra lines under the name, each shown as one line of text. */
  lines?: readonly string[];
  icon?: PaletteIcon;
  /** A thumbnail (http(s) or relative URL); shown instead of `icon`. */
  image?: string;
  /** Other words that should find the item. */
  keywords?: readonly string[];
  /** The heading it is listed under while nothing is typed. */
  section?: string;
  /** The chip that narrows the list to it (defaults to its section). */
  category?: string;
  /** A key combination shown on the row, e.g. "Mod+Shift+P" (Mod is ⌘ on a Mac, Ctrl elsewhere). */
  shortcut?: string;
  /** The shortcut also activates the item while the page has focus. */
  bindShortcut?: boolean;
  /** Listed, but cannot be activated. */
  disabled?: boolean;
  /** The first runs on Enter, the second on Ctrl/⌘+Enter, all of them from the actions menu. */
  actions?: readonly PaletteAction[];
  /** A list that opens in place of the current one; Esc comes back. */
  children?: PaletteChildrenSource;
  prefix?: PaletteItemPrefix;
  /** With a prefix: listed first whenever its chip is in force, whatever follows. */
  prefixAcceptsAnyArg?: boolean;
  /** Hidden until something is typed; then listed first with `{q}` in its name and description replaced by the query. */
  searchAction?: boolean;
  /** Hidden while nothing is typed; found by searching. */
  searchOnly?: boolean;
  /** With a prefix: the items to list under it for the text after it. */
  browse?: PaletteBrowseSource;
  /** The heading of the browsed items (default: this item's name). */
  browseSection?: string;
  /** `false` lists the browsed items as the source returned them instead of fuzzy-filtering them by the argument. */
  browseFilter?: boolean;
  /** Shown as a result when activated (a question-and-answer item). */
  answer?: string;
  /** The answer is markdown (rendered sanitized) rather than plain text. */
  answerFormat?: 'text' | 'markdown';
  /** A surface shown beside the list while the item is active. */
  detail?: PieceSurface | ((arg: string) => PieceSurface | Promise<PieceSurface>);
  agentTool?: PaletteAgentTool;
}

export interface PaletteCategory {
  id: string;
  label: string;
}

// What an item's action is handed: the palette it runs in.
/** A host-owned element (kept opaque here: the core never touches the DOM). */
export type HostNode = object;

/** What a result can be, as handed to `showResult`. */
export type PaletteResultInput =
  | string
  | { text: string; title?: string }
  | { markdown: string; title?: string }
  /** Sanitized by the view before it is shown. */
  | { html: string; title?: string }
  /** A DOM node the host built; shown as given. */
  | { node: HostNode; title?: string }
  /** Text chunks appended as they arrive; the user can cancel. */
  | { stream: AsyncIterable<string>; title?: string }
  /** A host element shown in place; `stream(mount)` runs once it is in the page, to write into it. */
  | { mount: HostNode; stream?: (mount: HostNode, signal: AbortSignal) => void | Promise<void>; title?: string }
  | { surface: PieceSurface; title?: string };

/** The result being shown, as the view reads it. */
export type PaletteResult =
  | { kind: 'text'; title?: string; text: string }
  | { kind: 'markdown'; title?: string; text: string }
  | { kind: 'html'; title?: string; html: string }
  | { kind: 'node'; title?: string; node: HostNode }
  | { kind: 'stream'; title?: string; text: string; streaming: boolean; error?: string }
  | { kind: 'mount'; title?: string; mount: HostNode; streaming: boolean; error?: string }
  | { kind: 'surface'; title?: string; surface: PieceSurface };

export interface PaletteInputContext {
  /** The field's placeholder while borrowed. */
  placeholder?: string;
  /** A label shown as a chip before the field, naming what the field is for now. */
  chipLabel?: string;
  /** Receives the text on Enter; the field is cleared after. */
  onSubmit: (text: string, palette: PaletteHandle) => void | Promise<void>;
}

/** What an action or a host gets to steer the palette. */
export interface PaletteHandle {
  close(): void;
  readonly query: string;
  setQuery(query: string): void;
  showResult(result: PaletteResultInput): void;
  clearResult(): void;
  /** Opens `items` as a list in place of the current one; Esc comes back. */
  openList(items: readonly PaletteItem[], title?: string): void;
  setInputContext(context: PaletteInputContext): void;
  clearInputContext(): void;
}
