import type { ToolFailureCode } from '../../loop/types.js';

/** Why an action could not do what it was asked. The model reads the code and the message. */
export type ActionFailureCode = Exclude<ToolFailureCode, 'unknown_tool'>;

/** The URL before and after an action that moved the page. */
export interface NavigationRecord {
  from: string;
  to: string;
  /**
   * Another document is loading in the page's place: this page goes away, and whatever runs on it
   * stops with it (an agent's run continues on the next page, from its saved session).
   */
  newDocument?: boolean;
}

export interface ActionSuccess<T = unknown> {
  ok: true;
  data?: T;
  /** One sentence for the model: what happened. */
  message?: string;
  /** Set when the action moved the page to another URL. */
  navigation?: NavigationRecord;
}

export interface ActionFailure {
  ok: false;
  code: ActionFailureCode;
  /** For the model: what was wrong and what to try instead. */
  message: string;
}

export type ActionResult<T = unknown> = ActionSuccess<T> | ActionFailure;

/**
 * Turns a target argument (an element id from the page reading, or whatever else the host accepts)
 * into a live element. Returning `null`/`undefined` means "no such element"; returning a failure
 * passes the host's own explanation through to the model.
 */
export type TargetResolver = (target: string) => Element | ActionFailure | null | undefined;

/** The host's router: moves a single-page app to `path` (same origin, already validated). */
export type RouterBridge = (path: string) => void | Promise<void>;

/** What the page asks the user before a destructive step. */
export interface ConfirmRequest {
  action: string;
  /** A short description of the element or URL concerned. */
  subject: string;
  message: string;
}

export interface EscalationRequest {
  reason: string;
  summary?: string;
}

/** Moves a visible pointer to the element an action is about to touch. */
export interface CursorGuide {
  moveTo(target: Element, options?: { signal?: AbortSignal }): Promise<void>;
}

/**
 * What an action may use besides its arguments. Everything but `signal` and `resolve` is optional;
 * an action that needs a missing handler fails with a message that says so.
 */
export interface ActionContext {
  signal: AbortSignal;
  resolve: TargetResolver;
  /**
   * The host router. Without it `navigate` loads the destination as a new document (an in-page
   * anchor only scrolls), through `loadDocument`.
   */
  navigate?: RouterBridge;
  /**
   * Opens another document of the site in the page's place (same origin, already validated). The web
   * agent supplies one that saves its session first and then loads the page; without it,
   * `location.assign(url)`.
   */
  loadDocument?: (url: string) => void;
  /**
   * Asks the user to agree to something the action is about to do (an effect the page set off that
   * the gate did not foresee). Resolving `false` declines.
   */
  confirm?: (request: ConfirmRequest) => Promise<boolean>;
  ask?: (question: string) => Promise<string>;
  choose?: (question: string, options: string[]) => Promise<string>;
  pause?: (message: string) => Promise<void>;
  track?: (name: string, props: Record<string, unknown>) => void | Promise<void>;
  escalate?: (request: EscalationRequest) => void | string | Promise<void | string>;
  /** When set, pointer actions move this cursor to their target first. */
  cursor?: CursorGuide;
  /** `navigate` clicks a visible same-origin link to the destination when one exists. */
  preferLinkClick?: boolean;
  /** Overrides the page's `prefers-reduced-motion` setting. */
  reducedMotion?: boolean;
  /** The visitor's language, for what an action says to the visitor rather than to the model (default `en`). */
  locale?: string;
  /** Returns a folded block of the latest page reading whole (`read_text`), or why it cannot. */
  readText?: (id: string) => string | ActionFailure;
}

/** A JSON Schema object describing an action's arguments. */
export type JsonSchema = Record<string, unknown>;

/** An action as a tool an agent can offer to a model. */
export interface ActionDefinition<Args = Record<string, unknown>, Data = unknown> {
  name: string;
  description: string;
  parameters: JsonSchema;
  run(args: Args, ctx: ActionContext): Promise<ActionResult<Data>>;
}
