import type { PaletteContextModel } from './context/palette-context.types.js';
import type { RequestContext } from './context/request-context.js';
import type { MatchRange } from '../search/fuzzy/ranges.js';
import type { HeatStorage } from '../search/heat-rank.js';
import type { PieceSurface } from '../surface/surface.types.js';
import type { PaletteHandle, PaletteInputContext, PaletteResult, PaletteResultInput } from './palette-item.types.js';
import type { PaletteAction, PaletteCategory, PaletteItem } from './palette-item.types.js';

/** A listed item. `name` and `description` are as shown (a search row has its `{q}` filled in). */
export interface PaletteItemRow {
  type: 'item';
  /** Unique in the list. */
  key: string;
  item: PaletteItem;
  name: string;
  description: string | undefined;
  /** The heading it is listed under, when the list is grouped. */
  section: string | undefined;
  /** Listed under "Recent" because it was used lately. */
  recent: boolean;
  /** The argument its actions receive (text after a prefix, or the query of a search row). */
  arg: string;
  nameRanges: readonly MatchRange[];
  descriptionRanges: readonly MatchRange[];
}

/** The row that hands the typed text to the agent. */
export interface PaletteAskRow {
  type: 'ask';
  key: 'ask';
  text: string;
  section: undefined;
  recent: false;
}

export type PaletteRow = PaletteItemRow | PaletteAskRow;

export type PaletteErrorSource = 'action' | 'browse' | 'children' | 'detail' | 'result' | 'input' | 'search';

export interface PaletteError {
  source: PaletteErrorSource;
  message: string;
  /** What failed, e.g. the action's or the item's name. */
  subject?: string;
}

export interface PaletteActionsMenu {
  /** The row whose actions are listed. */
  rowKey: string;
  title: string;
  actions: readonly PaletteAction[];
  activeIndex: number;
}

export interface PaletteDetail {
  rowKey: string;
  surface: PieceSurface | undefined;
  loading: boolean;
  error: string | undefined;
}

export interface PaletteState {
  readonly open: boolean;
  /**
   * The visitor opened the palette in place, from an inline view: a modal view of the same palette
   * then stays shut rather than covering it.
   */
  readonly openedInline: boolean;
  /** What the user has typed, as typed (after the chip, when `prefix` is set). */
  readonly query: string;
  /** Texts recently handed to the agent, newest first, without repeats. */
  readonly history: readonly string[];
  readonly rows: readonly PaletteRow[];
  /** Rows carry sections to be shown as headings (nothing typed, or under a prefix). */
  readonly grouped: boolean;
  /** Index into `rows` of the active row; -1 when the list is empty. */
  readonly activeIndex: number;
  /** Titles of the lists opened from items, outermost first; empty at the root. */
  readonly trail: readonly string[];
  readonly categories: readonly PaletteCategory[];
  /** The chip narrowing the list, or undefined for all. */
  readonly category: string | undefined;
  /**
   * The prefix in force, shown as a chip before the field (its display spelling); `query` is then
   * the text after it. Typing a prefix's spelling and a space (`g docs`), or a spelling that ends in
   * punctuation (`docs:`), makes it the chip; so does choosing a prefixed item from the list.
   */
  readonly prefix: string | undefined;
  /** A source (browse, sub-list, action) is working. */
  readonly busy: boolean;
  readonly error: PaletteError | undefined;
  /** Shown instead of the list while set. */
  readonly result: PaletteResult | undefined;
  readonly inputContext: Omit<PaletteInputContext, 'onSubmit'> | undefined;
  readonly actionsMenu: PaletteActionsMenu | undefined;
  readonly detail: PaletteDetail | undefined;
}

export type PaletteListener = (state: PaletteState, previous: PaletteState) => void;

export interface PaletteSubmitOptions {
  /** The text to submit; defaults to what is typed (the chip's spelling, then the query). */
  text?: string;
  /**
   * `false` records the text and closes without calling `onSubmit`, for a view whose host took the
   * text itself (a cancelled `dddk-submit`). Default true.
   */
  deliver?: boolean;
  /** What goes with the text to the agent: the chip bar's selection, pinned elements and images. */
  context?: RequestContext;
}

/** Side effects of the typed actions; a view or the host fills in what its environment can do. */
export interface PaletteActionPorts {
  copy?(text: string): void | Promise<void>;
  /** Inserts into the field the palette was opened from. */
  insert?(text: string): void | Promise<void>;
  openUrl?(url: string, target: 'new' | 'self'): void | Promise<void>;
  navigate?(path: string): void | Promise<void>;
  startAgent?(task: string): void | Promise<void>;
  /** Shows a surface somewhere other than the palette. */
  renderSurface?(surface: PieceSurface, placement: string): void | Promise<void>;
  runSkill?(skillId: string, vars: Readonly<Record<string, string>>): void | Promise<void>;
}

export interface PaletteActivation {
  itemId: string;
  arg: string;
  actionIndex: number;
}

export interface PaletteModel {
  /**
   * Settles once the fuzzy matcher has loaded (it loads on its own, right after the model is
   * created). Until then a typed query lists nothing but is marked busy, and is listed when it lands.
   */
  readonly ready: Promise<void>;
  getState(): PaletteState;
  /** Opens the palette; `inline` records that an inline view opened it (see `openedInline`). */
  open(options?: { inline?: boolean }): void;
  /** Closes and clears the query, the sub-lists, the result and any borrowed field. */
  close(): void;
  toggle(): void;
  /**
   * Sets the field's text. A prefix the text starts with becomes the chip (see `prefix`), in place
   * of one in force, and the field keeps what follows; other text is the argument of the chip.
   */
  setQuery(query: string): void;
  /** Removes the prefix chip, keeping the text typed after it (Backspace in an empty field does this). */
  clearPrefix(): void;
  /**
   * Hands the trimmed text to `onSubmit` (the agent): remembers it, closes, then delivers it.
   * Returns the submitted text, or `undefined` when it was blank (nothing happens then).
   */
  submit(options?: PaletteSubmitOptions): string | undefined;
  clearHistory(): void;

  /** Registers items at the root; the returned function removes exactly them. A later item with the same id replaces an earlier one in place. */
  addItems(items: readonly PaletteItem[]): () => void;
  /** Replaces every registered item. */
  setItems(items: readonly PaletteItem[]): void;
  /** The root items, in order. */
  getItems(): readonly PaletteItem[];
  setCategories(categories: readonly PaletteCategory[]): void;
  setCategory(id: string | undefined): void;

  setActiveIndex(index: number): void;
  /** Moves the active row by `delta`; `wrap` goes round the ends (arrow keys), otherwise it stops there (page keys). */
  moveActive(delta: number, options?: { wrap?: boolean }): void;
  /** Runs the row's action `actionIndex` (0: primary, 1: secondary). Resolves once it has finished. */
  activate(index?: number, actionIndex?: number): Promise<void>;
  /** Activates the listed item `id` (else a root item of that id). Resolves to false when there is none. */
  activateById(id: string, options?: { arg?: string; actionIndex?: number }): Promise<boolean>;

  /** Lists the active item's actions; false when it has none. */
  openActionsMenu(): boolean;
  closeActionsMenu(): void;
  moveActionsMenu(delta: number): void;
  runActionsMenu(index?: number): Promise<void>;

  showResult(result: PaletteResultInput): void;
  clearResult(): void;
  /** Stops a streaming result where it is. */
  cancelResult(): void;
  /** The view calls this once a `mount` result is in the page, so its `stream` can start writing. */
  resultMounted(): void;
  setInputContext(context: PaletteInputContext): void;
  clearInputContext(): void;
  /** Sends the borrowed field's text to its `onSubmit`. */
  submitInputContext(): Promise<void>;
  openList(items: readonly PaletteItem[], title?: string): void;
  /**
   * Steps back once: the actions menu, then the result, then the borrowed field, then the sub-list.
   * Returns false when there was nothing to step back from (Esc then closes).
   */
  back(): boolean;
  /** Dismisses the current error. */
  clearError(): void;
  /**
   * Keeps use counts in `storage` (e.g. localStorage) from now on, when the model was created without
   * a storage or frecency of its own; returns false (and changes nothing) otherwise.
   */
  useStorage(storage: HeatStorage): boolean;

  /**
   * Adds side-effect ports (copy, navigate…); newer ones win. `fallback` ports (a view's defaults)
   * are used only where no other port is connected. Returns the function removing them.
   */
  connectPorts(ports: PaletteActionPorts, options?: { fallback?: boolean }): () => void;
  /**
   * The chip bar's model (the selection, pinned elements and images that go with a request), once
   * `loadContext()` has created it; every view of the palette shares it.
   */
  readonly context: PaletteContextModel | undefined;
  /** Loads the chip bar's model on first use (a chunk of its own) and creates it once. */
  loadContext(): Promise<PaletteContextModel>;
  /** The same steering surface actions receive. */
  readonly handle: PaletteHandle;
  /** Calls `listener` after each change of state; returns the unsubscribe function. */
  subscribe(listener: PaletteListener): () => void;
}
