import type { MemoryAuthority, MemoryTier } from '../store/memory-record.types.js';

// The memory's events on the controller's bus, declared into the event map so the map imports nothing of the memory.
declare module '../../events/event-map.js' {
  interface DddkEventMap {
    /** A memory was written (its text is not in the event: read it from `dddk.memory` if needed). */
    memory_write: { id: string; tier: MemoryTier; by: MemoryAuthority; runId?: string; redacted: number };
    /** A write was refused, and why. */
    memory_refused: { tier: MemoryTier; by: MemoryAuthority; reason: string; message: string };
    /** Memories were forgotten (a summary made from one goes with it). */
    memory_forget: { ids: readonly string[] };
  }
}

export {};
