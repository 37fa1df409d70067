import type { Limiter, RateDecision, Slot } from './limiter.js';

/**
 * Runs a Lua script on Redis: the one thing the limiter needs from a client. With ioredis:
 * `(script, keys, args) => client.eval(script, keys.length, ...keys, ...args)`; with node-redis:
 * `(script, keys, args) => client.eval(script, { keys: [...keys], arguments: [...args] })`.
 */
export type RedisEval = (script: string, keys: readonly string[], args: readonly string[]) => Promise<unknown>;

export interface RedisLimiterOptions {
  readonly eval: RedisEval;
  /** Prefixes every key, so several sites can share one Redis. Default `dddk:`. */
  readonly prefix?: string;
}

// Both scripts read the clock of Redis itself, so instances with drifting clocks agree.
const HIT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], count - tonumber(ARGV[1]), count - tonumber(ARGV[1]), 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

const RELEASE_SCRIPT = `return redis.call('ZREM', KEYS[1], ARGV[1])`;

function uniqueMember(): string {
  return `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(2)).join('-')}`;
}

/** Limits shared by every instance through one Redis: a sorted set of hit times or leases per key. */
export function redisLimiter(options: RedisLimiterOptions): Limiter {
  if (typeof options?.eval !== 'function') {
    throw new TypeError('dddk/server: redisLimiter needs `eval(script, keys, args)` that runs a Lua script on your Redis client (see its documentation for ioredis and node-redis).');
  }
  const prefix = options.prefix ?? 'dddk:';
  const run = options.eval;
  return {
    async hit(key, limit, windowMs): Promise<RateDecision> {
      const wait = Number(await run(HIT_SCRIPT, [`${prefix}rate:${key}`], [String(limit), String(windowMs), uniqueMember()]));
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true, retryAfterMs: 0 };
    },
    async acquire(key, max, leaseMs): Promise<Slot | undefined> {
      const redisKey = `${prefix}slots:${key}`;
      const member = uniqueMember();
      const taken = Number(await run(ACQUIRE_SCRIPT, [redisKey], [String(max), String(leaseMs), member]));
      if (taken !== 1) return undefined;
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await run(RELEASE_SCRIPT, [redisKey], [member]);
        },
      };
    },
  };
}
