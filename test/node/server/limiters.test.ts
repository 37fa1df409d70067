import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { memoryLimiter, redisLimiter, type Limiter, type RedisEval } from '../../../server/index.js';
import { startRedis, type RedisService } from '../../support/services/redis.js';
import { skipUnlessAvailable } from '../../support/services/service-skip.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One key per test, so the tests of one run never share counts. */
const freshKey = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

/** The same contract, run against every limiter. */
function limiterContract(name: string, makeLimiter: () => Limiter): void {
  describe(`${name}: the Limiter contract`, () => {
    it('allows `limit` hits per window, then refuses with a retryAfter within the window, then allows again', async () => {
      const limiter = makeLimiter();
      const key = freshKey('rate');
      for (let hit = 0; hit < 3; hit++) assert.deepEqual(await limiter.hit(key, 3, 400), { allowed: true, retryAfterMs: 0 }, `hit ${hit + 1}`);
      const refused = await limiter.hit(key, 3, 400);
      assert.equal(refused.allowed, false);
      assert.ok(refused.retryAfterMs > 0 && refused.retryAfterMs <= 400, `retryAfterMs ${refused.retryAfterMs}`);
      await sleep(refused.retryAfterMs + 30);
      assert.equal((await limiter.hit(key, 3, 400)).allowed, true);
    });

    it('keeps keys apart', async () => {
      const limiter = makeLimiter();
      const [a, b] = [freshKey('a'), freshKey('b')];
      assert.equal((await limiter.hit(a, 1, 10_000)).allowed, true);
      assert.equal((await limiter.hit(a, 1, 10_000)).allowed, false);
      assert.equal((await limiter.hit(b, 1, 10_000)).allowed, true);
    });

    it('caps concurrency slots, and a released slot can be taken again (release is idempotent)', async () => {
      const limiter = makeLimiter();
      const key = freshKey('slots');
      const slots = await Promise.all([1, 2, 3].map(() => limiter.acquire(key, 3, 10_000)));
      assert.ok(slots.every((slot) => slot !== undefined));
      assert.equal(await limiter.acquire(key, 3, 10_000), undefined);
      await slots[0]!.release();
      await slots[0]!.release();
      const again = await limiter.acquire(key, 3, 10_000);
      assert.ok(again, 'a released slot is free again');
      assert.equal(await limiter.acquire(key, 3, 10_000), undefined, 'releasing twice freed one slot, not two');
    });

    it('gives a slot back when its lease expires (a crashed holder never releases)', async () => {
      const limiter = makeLimiter();
      const key = freshKey('lease');
      assert.ok(await limiter.acquire(key, 1, 200));
      assert.equal(await limiter.acquire(key, 1, 200), undefined);
      await sleep(260);
      assert.ok(await limiter.acquire(key, 1, 200), 'the expired lease returned its slot');
    });
  });
}

limiterContract('memoryLimiter', () => memoryLimiter());

const redis: RedisService = await startRedis();
describe('redisLimiter over a real redis-server (ioredis)', { skip: skipUnlessAvailable(redis) }, () => {
  let evalOf: () => RedisEval = () => {
    throw new Error('redis is not running');
  };
  const prefix = `dddk-test-${randomBytes(4).toString('hex')}:`;
  before(() => {
    if (!redis.available) return;
    evalOf = () => {
      const client = redis.client();
      return (script, keys, args) => client.eval(script, keys.length, ...keys, ...args);
    };
  });
  after(async () => {
    if (redis.available) await redis.stop();
  });

  limiterContract('redisLimiter', () => redisLimiter({ eval: evalOf(), prefix }));

  it('shares counts and slots between two limiters (two instances) on one Redis', async () => {
    const first = redisLimiter({ eval: evalOf(), prefix });
    const second = redisLimiter({ eval: evalOf(), prefix });
    const key = freshKey('shared');
    assert.equal((await first.hit(key, 2, 10_000)).allowed, true);
    assert.equal((await second.hit(key, 2, 10_000)).allowed, true);
    assert.equal((await first.hit(key, 2, 10_000)).allowed, false);
    assert.equal((await second.hit(key, 2, 10_000)).allowed, false);
    const slot = await first.acquire(key, 1, 10_000);
    assert.ok(slot);
    assert.equal(await second.acquire(key, 1, 10_000), undefined);
    await slot.release();
    assert.ok(await second.acquire(key, 1, 10_000));
  });

  it('keeps sites apart by prefix', async () => {
    const key = freshKey('prefixed');
    const site = redisLimiter({ eval: evalOf(), prefix: `${prefix}a:` });
    const other = redisLimiter({ eval: evalOf(), prefix: `${prefix}b:` });
    assert.equal((await site.hit(key, 1, 10_000)).allowed, true);
    assert.equal((await other.hit(key, 1, 10_000)).allowed, true);
  });

  it('refuses to be made without an eval function, saying what to pass', () => {
    assert.throws(() => redisLimiter({} as never), /eval\(script, keys, args\)/);
  });
});
