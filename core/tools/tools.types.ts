/**
 * The host's own tools as the agent is offered them: what a host registers, what the handler is
 * given, and the registry model (`dddk.tools`) that holds them.
 */
import type { ReadableStore } from '../util/create-store.js';
import type { PreferenceResponse, RegisterQAOptions, RegisterRecommendOptions, RegisterSearchOptions } from './catalog-tools.types.js';

/** A JSON Schema object of `type: "object"`: the arguments a tool takes. */
export type ToolParameters = Readonly<Record<string, unknown>> & { readonly type: 'object' };

/** What a handler is given beside its arguments. */
export interface HostToolContext {
  /** Aborted when the call runs past its time limit or the run stops: stop the work then. */
  readonly signal: AbortSignal;
  /** The visitor's language (BCP 47), for any text the tool shows them. */
  readonly locale: string;
}

/** A tool the host offers the agent: a site capability such as looking up an order or adding to a cart. */
export interface HostTool<Args extends Record<string, unknown> = Record<string, unknown>> {
  /** 1–64 letters, digits, `_` or `-`; what the model calls it by. */
  name: string;
  /** What the tool does and when to use it: the model reads it to decide. */
  description: string;
  /** JSON Schema of the arguments; a call whose arguments do not fit is refused before the handler runs. */
  parameters: ToolParameters;
  /**
   * Does the work. Its return value is what the model reads: a string, or any JSON value (cut to a
   * bounded length); `undefined` reports success with nothing to read. Throwing or rejecting reports
   * a failure with the error's message.
   */
  handler(args: Args, ctx: HostToolContext): unknown;
  /**
   * `true`: the tool changes something beyond the conversation (an order, a cart, a message sent);
   * it asks the visitor first, and the effect policy may refuse it. `false`: it only reads, and never
   * asks. Unset: it is judged as any host action, by its name.
   */
  effects?: boolean;
  /** A short human name for the tool, kept with it in `list()` (a host's own panel may show it); the model never reads it. */
  label?: string;
  /** How long a call may take before it is stopped and reported as timed out (default: the agent's `toolTimeoutMs`). */
  timeoutMs?: number;
}

/** A registered tool: `remove()` withdraws it from the next turn on. */
export interface HostToolHandle {
  readonly name: string;
  /** True when this registration was still there and is now gone. */
  remove(): boolean;
}

/** What the registry holds: `getState()` gives it, `subscribe()` hears each change. */
export interface ToolsState {
  /** The registered tools, oldest first, each frozen as it was registered. */
  readonly tools: readonly Readonly<HostTool>[];
}

/**
 * The controller's registry of the host's tools (`dddk.tools`). A registration is offered to the
 * agent from its next turn on, never to the turn in flight; one made before the agent's code has
 * loaded is offered from the first turn.
 */
export interface ToolsRegistry extends ReadableStore<ToolsState> {
  /** Checks the tool at once (a TypeError names the field to fix) and registers it. */
  register<Args extends Record<string, unknown>>(tool: HostTool<Args>): HostToolHandle;
  /** Removes the tool of that name; false when there is none. */
  unregister(name: string): boolean;
  /** The registered tools, oldest first. */
  list(): readonly Readonly<HostTool>[];
  /**
   * Resolves once the agent's next turn will see the registry as it is now: at once when no run is
   * under way, else when the turn in flight is over (or the run ends).
   */
  flush(): Promise<void>;
  /**
   * An FAQ as the `qa_lookup` tool: the best entries, or "no confident match". Its index loads on
   * demand; the promise rejects with a TypeError naming the option or entry to fix.
   */
  registerQA(options: RegisterQAOptions): Promise<HostToolHandle>;
  /** A catalog as the `search_catalog` tool: per-field BM25 over the rows `toDoc` describes. Loads on demand. */
  registerSearch<Row>(options: RegisterSearchOptions<Row>): Promise<HostToolHandle>;
  /**
   * A recommender as three tools (`recommend_for_customer`, `recommend_similar`,
   * `recommend_record_preference`) that learns from the visitor's likes, kept in the browser. Loads on demand.
   */
  registerRecommend<Row>(options: RegisterRecommendOptions<Row>): Promise<RecommendToolsHandle>;
}

/** The recommender's three tools, and the way for the host's own ♥/✕ buttons to teach it. */
export interface RecommendToolsHandle {
  readonly handles: readonly HostToolHandle[];
  recordPreference(id: string, response: PreferenceResponse): void;
  /** Withdraws the three tools. */
  remove(): void;
}
