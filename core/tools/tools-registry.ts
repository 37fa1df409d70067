/**
 * The registry model behind `dddk.tools`: the host's tools in a store (the one model contract), the
 * checks at `register`, and `flush`, which waits for the turn boundary on the controller's bus. It
 * holds no agent code: the agent's side (`core/agent/web-agent/wiring/host-tools.ts`) follows the
 * store and offers each tool through `agent.registerTool`, once the agent's code has loaded.
 */
import type { DddkController } from '../controller/controller.types.js';
import { slotKey } from '../controller/slots.js';
import { createStore } from '../util/create-store.js';
import { lazyModule } from '../util/lazy-module.js';
import { checkHostTool } from './check-host-tool.js';
import type { StorageFailure } from '../storage/storage-failure.js';
import type { HostTool, HostToolHandle, ToolsRegistry, ToolsState } from './tools.types.js';

export interface ToolsRegistryOptions {
  /** Why a name belongs to something else the agent is offered (a page action, a customAction…). */
  reserved(name: string): string | undefined;
  /** Whether an agent run is under way now. */
  running(): boolean;
  /** The controller's bus, for the events that end a turn. */
  on: DddkController['on'];
  onListenerError?: (error: unknown) => void;
  /** A recommender's default storage failed: its likes are kept in memory. */
  onStorageFailure?: (failure: StorageFailure) => void;
}

export interface OwnedToolsRegistry extends ToolsRegistry {
  /** Ends the registry with its controller: pending flushes resolve, listeners go, registering throws. */
  dispose(): void;
}

/** The controller's slot: `destroy()` disposes the registry. */
export const TOOLS = slotKey<OwnedToolsRegistry>('tools', (registry) => registry.dispose());

const WHERE = 'dddk.tools.register(tool)';

// The search engines behind the FAQ, catalog and recommender tools are large and many sites never use them.
const catalogTools = lazyModule('the catalog tools', () => import('./catalog-tools.js'));

export function createToolsRegistry(options: ToolsRegistryOptions): OwnedToolsRegistry {
  const store = createStore<ToolsState>({ tools: Object.freeze([]) }, { name: 'tools', ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}) });
  const tools = () => store.getState().tools;
  let disposed = false;
  let waiting: Array<() => void> = [];
  let stopListening: Array<() => void> = [];
  // Registrations waiting for their engine's code: a flush waits for them too.
  const loading = new Set<Promise<unknown>>();
  const whenLoaded = <T>(register: (module: typeof import('./catalog-tools.js')) => T): Promise<T> => {
    const pending = catalogTools.load().then(register);
    loading.add(pending);
    const settle = () => loading.delete(pending);
    pending.then(settle, settle);
    return pending;
  };

  const setTools = (next: readonly Readonly<HostTool>[]) => store.setState({ tools: Object.freeze(next) });
  const without = (entry: Readonly<HostTool>): boolean => {
    if (!tools().includes(entry)) return false;
    setTools(tools().filter((one) => one !== entry));
    return true;
  };

  // Every waiting flush is over at the first boundary: the turn in flight ended, a failed call is
  // about to be tried again, or the run is over. The next turn reads the tools afresh after each.
  const release = () => {
    for (const stop of stopListening) stop();
    stopListening = [];
    for (const resolve of waiting.splice(0)) resolve();
  };

  const registry: OwnedToolsRegistry = {
    getState: store.getState,
    subscribe: store.subscribe,
    list: tools,

    register(tool) {
      if (disposed) throw new Error(`${WHERE}: this controller was destroyed; create a new one with createDddk()`);
      const entry = checkHostTool(tool, WHERE, (name) =>
        options.reserved(name) ?? (tools().some((one) => one.name === name) ? `is already a registered host tool; unregister("${name}") it first` : undefined),
      );
      setTools([...tools(), entry]);
      return { name: entry.name, remove: () => without(entry) } satisfies HostToolHandle;
    },

    unregister(name) {
      const entry = tools().find((one) => one.name === name);
      return entry !== undefined && without(entry);
    },

    flush() {
      // A registration still loading its engine comes first; then the turn boundary, as for any tool.
      if (loading.size > 0) return Promise.allSettled([...loading]).then(() => registry.flush());
      if (disposed || !options.running()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (stopListening.length === 0) stopListening = (['agent_turn_end', 'agent_error', 'agent_final'] as const).map((name) => options.on(name, release));
      });
    },

    registerQA: (qa) => whenLoaded((module) => module.registerQATool(registry, qa)),
    registerSearch: (search) => whenLoaded((module) => module.registerSearchTool(registry, search)),
    registerRecommend: (recommend) => whenLoaded((module) => module.registerRecommendTools(registry, recommend, options.onStorageFailure ?? (() => undefined))),

    dispose() {
      disposed = true;
      release();
      store.clear();
    },
  };
  return registry;
}
