/** The page as the web agent sees it: one reading per turn, the elements its actions name, settling. */
import type { Effect } from '../../effects/effect.types.js';
import type { ActionFailure, ActionResult } from '../../page/actions/types.js';
import type { GuardedRunOptions } from '../../page/effects/guarded-run.js';

/** One reading of the page, for one turn. */
export interface PageSnapshot {
  /** The indexed text tree the model reads; `[id]` marks what it can operate. */
  text: string;
  /** Path, query and hash of the page read. */
  url: string;
  title?: string;
  truncated?: boolean;
}

export interface PageReadOptions {
  domFilter?: (element: Element) => boolean;
  maxLength: number;
}

export interface SettleOptions {
  /** The page counts as settled after this long without a DOM change. */
  quietMs: number;
  /** Never wait longer than this. */
  maxMs: number;
  signal: AbortSignal;
}

/**
 * The page as the agent sees it. The default reads the live document; a test (or a host with an
 * unusual page) may supply its own.
 */
export interface AgentPage {
  /** Reads the page; later `resolve` and `describe` calls use this reading's ids. */
  read(options: PageReadOptions): PageSnapshot;
  /** The element an action's `target` names, through the latest reading (reading first when there is none). */
  resolve(target: string): Element | ActionFailure | null | undefined;
  /**
   * What a call of a built-in page action would do (the form it submits, the site it leaves for…),
   * judged from the element it names; undefined for a tool the page knows nothing of. A page without
   * this member has its calls judged by their names alone.
   */
  effects?(tool: string, args: Record<string, unknown>, destructivePatterns: readonly RegExp[]): readonly Effect[] | undefined;
  /** The arguments of a call that hold a secret (the value for a password field). */
  secretArgs?(tool: string, args: Record<string, unknown>): readonly string[];
  /** Runs a page action inside the effect guard, which holds what the page does that nobody agreed to. */
  guard?(run: () => Promise<ActionResult>, options: Omit<GuardedRunOptions, 'window'>): Promise<ActionResult>;
  /** Path, query and hash of the current page. */
  location(): string;
  /** Resolves once the page stopped changing (or `maxMs` passed, or `signal` aborted). */
  settle(options: SettleOptions): Promise<void>;
  /** Removes what the agent painted over the page (overlays, the cursor). */
  clear(): void;
  /**
   * A run is over: what the agent points at stays until the visitor moves on (a click, a key, Esc,
   * scrolling it far out of view) or `lingerMs` pass. Without it the run calls `clear()`.
   */
  release?(options: { lingerMs: number }): void;
  /** A folded block (`⟪f3 folded: …⟫`) of the latest reading in full, its element ids then resolvable; or why not. */
  readText?(id: string): string | ActionFailure;
  /**
   * True while the document is being left for another (a link that loads a new page): the run then
   * starts no model call, since the new page continues it from the stored session.
   */
  isLeaving?(): boolean;
  /**
   * Loads another document of the site in the page's place (`location.assign`). The run calls it for
   * a `navigate` without a host router, once the session is saved, so that the next page continues
   * the run. Without it the action loads the page itself.
   */
  load?(url: string): void;
}
