/**
 * The controller's way to the visitor's memory (`config.memory`): its code and IndexedDB load on
 * demand, as the controller is made in a browser or on `loadMemory()`. The agent's `memory` context
 * slot is registered at once and waits for the load, so the first turn already has it.
 */
import type { Memory } from '../memory/create-memory.js';
import type { ControllerMemory } from '../memory/controller/controller-memory.js';
import type { ControllerMemoryConfig } from '../memory/controller/controller-memory.types.js';
import { lazyModule } from '../util/lazy-module.js';
import { onceUntilFailure } from '../util/once-until-failure.js';
import type { DddkController } from './controller.types.js';
import { slotKey } from './slots.js';

const memoryModule = lazyModule('the memory', () => import('../memory/controller/controller-memory.js'));
const MEMORY = slotKey<ControllerMemory>('memory', (memory) => memory.dispose());

export interface MemoryAccess {
  readonly loaded: Memory | undefined;
  load(): Promise<Memory>;
  /** Registers the agent's memory slot and starts the load, when the config has a memory. */
  start(): void;
}

export interface MemoryAccessOptions {
  controller: () => DddkController;
  config: ControllerMemoryConfig | undefined;
  siteName: string | undefined;
  reportError(error: unknown, source: string): void;
}

export function createMemoryAccess(access: MemoryAccessOptions): MemoryAccess {
  const create = onceUntilFailure(async () => {
    const module = await memoryModule.load();
    const controller = access.controller();
    const made = await module.createControllerMemory({ controller, config: access.config!, ...(access.siteName ? { siteName: access.siteName } : {}), reportError: access.reportError });
    if (controller.destroyed) {
      made.dispose();
      throw new Error('dddk: the controller was destroyed while the memory loaded');
    }
    return controller.slots.use(MEMORY, () => made).memory;
  });
  const load = (): Promise<Memory> =>
    access.config ? create() : Promise.reject(new Error('dddk.loadMemory: memory is off; turn its tiers on with createDddk({ memory: { core, episodic, drawer } })'));
  return {
    get loaded() {
      return access.controller().slots.peek(MEMORY)?.memory;
    },
    load,
    start() {
      if (!access.config) return;
      const controller = access.controller();
      controller.registerContextProvider('memory', async (request) => (await load()).contextText(request.task ?? ''));
      load().catch((error: unknown) => access.reportError(error, 'memory-load'));
    },
  };
}
