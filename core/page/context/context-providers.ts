import { defaultContextProviders } from './default-providers.js';

/** The slots of per-turn page context an agent can be given, each filled by one provider. */
export type ContextRole = 'url' | 'page_summary' | 'dom' | 'screenshot' | 'history' | 'selection';

export const CONTEXT_ROLES: readonly ContextRole[] = ['url', 'page_summary', 'dom', 'screenshot', 'history', 'selection'];

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

interface Replacement {
  provider: ContextProvider;
}

/**
 * Which provider fills each context slot. A host replaces one slot at a time; each replacement's
 * handle undoes exactly that replacement, in whatever order handles are restored: the newest
 * replacement still in place wins, and the default returns once none is left.
 */
export class ContextProviderRegistry {
  private readonly replacements = new Map<ContextRole, Replacement[]>();

  constructor(private readonly defaults: Readonly<Record<ContextRole, ContextProvider>> = defaultContextProviders) {}

  get(role: ContextRole): ContextProvider {
    const stack = this.replacements.get(role);
    return stack && stack.length > 0 ? stack[stack.length - 1]!.provider : this.defaults[role];
  }

  replace(role: ContextRole, provider: ContextProvider): ContextProviderHandle {
    if (!CONTEXT_ROLES.includes(role)) {
      throw new Error(`dddk: unknown context role "${role}"; use one of ${CONTEXT_ROLES.join(', ')}`);
    }
    const replacement: Replacement = { provider };
    let stack = this.replacements.get(role);
    if (!stack) this.replacements.set(role, (stack = []));
    stack.push(replacement);
    let restored = false;
    return {
      restore: () => {
        if (restored) return;
        restored = true;
        const index = stack.indexOf(replacement);
        if (index >= 0) stack.splice(index, 1);
      },
    };
  }

  /** Runs the slot's current provider. */
  async read(role: ContextRole, request: ContextRequest = {}): Promise<string | undefined> {
    if (request.signal?.aborted) return undefined;
    return (await this.get(role)(request)) ?? undefined;
  }
}
