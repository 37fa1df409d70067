import type { MemoryConfig } from '../memory.types.js';
import type { MemoryDatabase } from '../store/memory-database.js';

/** `createDddk({ memory })`: the tiers to turn on, privacy, and where the memories are kept. */
export interface ControllerMemoryConfig extends MemoryConfig {
  store?: {
    /** The IndexedDB database's name. Default `dddk-memory`, or `dddk-memory.<id>` for a controller with an id. */
    name?: string;
    /** The IndexedDB to use; `null` keeps memories for the page only. */
    factory?: IDBFactory | null;
    /** A store of the host's instead of IndexedDB. */
    database?: MemoryDatabase;
  };
}
