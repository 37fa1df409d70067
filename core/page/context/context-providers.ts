import { CONTEXT_ROLES, type ContextProvider, type ContextProviderHandle, type ContextRequest, type ContextRole } from './context-slots.js';
import { defaultContextProviders } from './default-providers.js';

export { CONTEXT_ROLES, type ContextProvider, type ContextProviderHandle, type ContextRequest, type ContextRole } from './context-slots.js';

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
