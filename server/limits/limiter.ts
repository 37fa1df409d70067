/** Whether one more request fits a rate limit, and when to try again if not. */
export interface RateDecision {
  readonly allowed: boolean;
  /** 0 when allowed. */
  readonly retryAfterMs: number;
}

/** One held slot of a concurrency cap; `release` is idempotent. */
export interface Slot {
  release(): Promise<void>;
}

/**
 * The port every limit goes through. `memoryLimiter` serves one process; `redisLimiter` shares the
 * counts between every instance behind a site.
 */
export interface Limiter {
  /** Counts one hit on `key`; refused when `limit` hits already fell in the last `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /**
   * Takes one of `max` slots of `key`, held until released or for `leaseMs` at most (so a crashed
   * instance's slots come back); undefined when all are taken.
   */
  acquire(key: string, max: number, leaseMs: number): Promise<Slot | undefined>;
}
