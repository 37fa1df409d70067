export interface AgentsRegistry<Agent> {
  /** Adds `agent` under `name`, replacing any agent of that name. The first one added becomes active. */
  register(name: string, agent: Agent): void;
  get(name: string): Agent | undefined;
  has(name: string): boolean;
  list(): string[];
  /** Removes the agent; if it was active, no agent is active until `setActive`. Returns whether one was removed. */
  remove(name: string): boolean;
  /** Makes `name` the agent the palette and other inputs talk to. */
  setActive(name: string): void;
  getActive(): Agent | null;
  activeName(): string | null;
}

/** Named agents (one per persona or route) and which one is active. It does not own their lifecycle. */
export function createAgentsRegistry<Agent>(): AgentsRegistry<Agent> {
  const agents = new Map<string, Agent>();
  let active: string | null = null;

  return {
    register(name, agent) {
      if (typeof name !== 'string' || name === '') throw new TypeError('agents.register(name, agent): name must be a non-empty string.');
      if (agent === undefined || agent === null) throw new TypeError(`agents.register("${name}", agent): agent is missing.`);
      agents.set(name, agent);
      active ??= name;
    },
    get: (name) => agents.get(name),
    has: (name) => agents.has(name),
    list: () => [...agents.keys()],
    remove(name) {
      const removed = agents.delete(name);
      if (active === name) active = null;
      return removed;
    },
    setActive(name) {
      if (!agents.has(name)) {
        const known = [...agents.keys()].join(', ') || 'none';
        throw new Error(`agents.setActive("${name}"): no agent is registered under that name (registered: ${known}).`);
      }
      active = name;
    },
    getActive: () => (active === null ? null : (agents.get(active) ?? null)),
    activeName: () => active,
  };
}
