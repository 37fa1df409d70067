/**
 * The context slots the web agent fills each turn, and the check of a host's provider for one. Kept
 * apart from `core/page/context/` (which reads the page) so the controller can check a registration
 * before the agent's code has loaded.
 */
import { describeValue } from '../../util/describe-value.js';
import type { ContextProvider, ContextRole } from '../../page/context/context-providers.js';

/** Every context role but `screenshot`: the agent's pictures come from its `screenshot` config. */
export type AgentContextRole = Exclude<ContextRole, 'screenshot'>;

export const AGENT_CONTEXT_ROLES: readonly AgentContextRole[] = Object.freeze(['dom', 'url', 'page_summary', 'history', 'selection', 'memory'] as const);

/** Throws a TypeError starting with `where` unless `role` is a slot the agent fills and `provider` a function. */
export function checkContextProvider(role: unknown, provider: unknown, where: string): asserts role is AgentContextRole {
  if (role === 'screenshot') {
    throw new TypeError(`${where}: the web agent does not read a "screenshot" context slot; give its pictures through config.screenshot (capture) instead`);
  }
  if (typeof role !== 'string' || !(AGENT_CONTEXT_ROLES as readonly string[]).includes(role)) {
    throw new TypeError(`${where}: role must be one of ${AGENT_CONTEXT_ROLES.join(', ')}, got ${describeValue(role)}`);
  }
  if (typeof provider !== 'function') {
    throw new TypeError(`${where}: the "${role}" provider must be a function (request) => string | null | Promise<string | null>, got ${describeValue(provider)}`);
  }
}

/** The providers a config names, checked one by one. */
export function checkContextProviders(value: unknown, where: string): asserts value is Partial<Record<AgentContextRole, ContextProvider>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${where} must be an object keyed by context role (${AGENT_CONTEXT_ROLES.join(', ')}), got ${describeValue(value)}`);
  }
  for (const [role, provider] of Object.entries(value)) if (provider !== undefined) checkContextProvider(role, provider, `${where}.${role}`);
}
