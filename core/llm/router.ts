import type { LLMProvider, LLMRouter, LLMRouterRole, LLMSource } from './types.js';

export const LLM_ROUTER_ROLES: readonly LLMRouterRole[] = ['webagent', 'vision', 'utility', 'plan', 'task'];

/** True for anything shaped like a provider: a `name`, `complete()` and `stream()`. */
export function isLLMProvider(value: unknown): value is LLMProvider {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<LLMProvider>;
  return typeof candidate.name === 'string' && typeof candidate.complete === 'function' && typeof candidate.stream === 'function';
}

/** True for an object whose `webagent` is a provider (the other roles are checked by `createLLMRouter`). */
export function isLLMRouter(value: unknown): value is LLMRouter {
  return !!value && typeof value === 'object' && !isLLMProvider(value) && isLLMProvider((value as { webagent?: unknown }).webagent);
}

/**
 * Checks a router config and returns a frozen copy. `field` is how the caller's config names it
 * (default `llm`), so that an error points at the exact key to fix.
 */
export function createLLMRouter(config: LLMRouter, field = 'llm'): LLMRouter {
  if (!config || typeof config !== 'object' || isLLMProvider(config)) {
    throw new TypeError(`\`${field}\` must be a router object such as { webagent: provider, vision?: provider }; got ${describe(config)}.`);
  }
  const router: Partial<Record<LLMRouterRole, LLMProvider>> = {};
  for (const [key, value] of Object.entries(config)) {
    if (!(LLM_ROUTER_ROLES as readonly string[]).includes(key)) {
      throw new TypeError(`\`${field}.${key}\` is not a role; the roles are ${LLM_ROUTER_ROLES.join(', ')}.`);
    }
    if (value === undefined && key !== 'webagent') continue;
    if (!isLLMProvider(value)) {
      throw new TypeError(`\`${field}.${key}\` must be an LLM provider (an object with \`name\`, \`complete()\` and \`stream()\`, e.g. from openAICompatible()); got ${describe(value)}.`);
    }
    router[key as LLMRouterRole] = value;
  }
  if (!router.webagent) {
    throw new TypeError(`\`${field}.webagent\` is required: it is the provider every other role falls back to.`);
  }
  return Object.freeze(router as LLMRouter);
}

/**
 * The provider for `role`: a lone provider serves every role; a router gives the role's provider,
 * else its `webagent`. Throws a TypeError naming `field` when `source` is neither.
 */
export function resolveLLM(source: LLMSource, role: LLMRouterRole = 'webagent', field = 'llm'): LLMProvider {
  if (isLLMProvider(source)) return source;
  if (!(LLM_ROUTER_ROLES as readonly string[]).includes(role)) {
    throw new TypeError(`resolveLLM: unknown role ${JSON.stringify(role)}; the roles are ${LLM_ROUTER_ROLES.join(', ')}.`);
  }
  if (!source || typeof source !== 'object') {
    throw new TypeError(`\`${field}\` must be an LLM provider or a router { webagent, vision?, utility?, plan?, task? }; got ${describe(source)}.`);
  }
  const router = createLLMRouter(source, field);
  return router[role] ?? router.webagent;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (typeof value !== 'object') return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : typeof value;
  if (isLLMProvider(value)) return `the provider ${value.name}`;
  const keys = Object.keys(value);
  return keys.length > 0 ? `an object with ${keys.join(', ')}` : 'an empty object';
}
