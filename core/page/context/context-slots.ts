/** The slots of per-turn page context an agent can be given, each filled by one provider. */
export type ContextRole = 'url' | 'page_summary' | 'dom' | 'screenshot' | 'history' | 'selection' | 'memory';

export const CONTEXT_ROLES: readonly ContextRole[] = ['url', 'page_summary', 'dom', 'screenshot', 'history', 'selection', 'memory'];

export interface ContextRequest {
  /** Aborts when the turn is cancelled; a slow provider should give up. */
  signal?: AbortSignal;
  /** The task the agent is working on, for providers that tailor what they return. */
  task?: string;
}

/** Produces one slot's text for the prompt, or null / undefined to leave the slot out this turn. */
export type ContextProvider = (request: ContextRequest) => string | null | undefined | Promise<string | null | undefined>;

export interface ContextProviderHandle {
  /** Puts back whatever this replacement displaced. Calling it again does nothing. */
  restore(): void;
}
