import type { Limiter, RateDecision, Slot } from './limiter.js';

export interface MemoryLimiterOptions {
  /** Defaults to Date.now; tests pass a clock. */
  readonly now?: () => number;
}

/** Keys idle this many windows are forgotten, so the maps do not grow with every visitor ever seen. */
const SWEEP_EVERY_HITS = 1024;

/**
 * Limits kept in this process: a sliding log of hit times per key (exact, not a fixed window that
 * lets twice the limit through at a boundary) and a set of leases per key.
 */
export function memoryLimiter(options: MemoryLimiterOptions = {}): Limiter {
  const now = options.now ?? Date.now;
  // `head` marks the oldest hit still in the window: expired hits are skipped, not spliced out one
  // by one, so a hit costs the same with 10 or 10,000 hits in the window.
  const hits = new Map<string, { times: number[]; head: number; windowMs: number }>();
  const leases = new Map<string, Map<number, number>>();
  let nextLease = 0;
  let hitCount = 0;

  function sweep(at: number): void {
    for (const [key, log] of hits) if ((log.times.at(-1) ?? 0) <= at - log.windowMs) hits.delete(key);
    for (const [key, held] of leases) {
      for (const [id, expiry] of held) if (expiry <= at) held.delete(id);
      if (held.size === 0) leases.delete(key);
    }
  }

  return {
    async hit(key, limit, windowMs): Promise<RateDecision> {
      const at = now();
      if (++hitCount % SWEEP_EVERY_HITS === 0) sweep(at);
      const log = hits.get(key) ?? { times: [], head: 0, windowMs };
      log.windowMs = windowMs;
      hits.set(key, log);
      const start = at - windowMs;
      while (log.head < log.times.length && log.times[log.head]! <= start) log.head += 1;
      if (log.head > 1024 && log.head * 2 > log.times.length) {
        log.times = log.times.slice(log.head);
        log.head = 0;
      }
      const inWindow = log.times.length - log.head;
      if (inWindow >= limit) return { allowed: false, retryAfterMs: Math.max(1, log.times[log.times.length - limit]! + windowMs - at) };
      log.times.push(at);
      return { allowed: true, retryAfterMs: 0 };
    },
    async acquire(key, max, leaseMs): Promise<Slot | undefined> {
      const at = now();
      const held = leases.get(key) ?? new Map<number, number>();
      for (const [id, expiry] of held) if (expiry <= at) held.delete(id);
      if (held.size >= max) return undefined;
      const id = nextLease++;
      held.set(id, at + leaseMs);
      leases.set(key, held);
      return {
        async release() {
          held.delete(id);
          if (held.size === 0 && leases.get(key) === held) leases.delete(key);
        },
      };
    },
  };
}
