import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HeatRank, type HeatStorage } from '../../../core/search/heat-rank.js';
import { memoryStorage } from '../../../core/storage/memory-storage.js';
import { createFuzzyMatcher } from '../../../core/search/fuzzy/index.js';
import type { StorageFailure } from '../../../core/storage/index.js';

const HOUR = 60 * 60 * 1000;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

test('heat halves every half-life', () => {
  const time = clock();
  const heat = new HeatRank({ halfLifeMs: HOUR, now: time.now });
  heat.record('a');
  heat.record('a');
  assert.equal(heat.score('a'), 2);
  time.advance(HOUR);
  assert.ok(Math.abs(heat.score('a') - 1) < 1e-9);
  time.advance(2 * HOUR);
  assert.ok(Math.abs(heat.score('a') - 0.25) < 1e-9);
  heat.record('a');
  assert.ok(Math.abs(heat.score('a') - 1.25) < 1e-9);
  assert.equal(heat.score('never'), 0);
});

test('recent use outranks old frequent use once enough half-lives pass', () => {
  const time = clock();
  const heat = new HeatRank({ halfLifeMs: HOUR, now: time.now });
  for (let i = 0; i < 4; i++) heat.record('old');
  time.advance(3 * HOUR);
  heat.record('new');
  assert.deepEqual(heat.ranked(), ['new', 'old']);
  heat.boost('old', 5);
  assert.deepEqual(heat.ranked(), ['old', 'new']);
});

test('heat persists through the storage adapter', () => {
  const storage = memoryStorage();
  const time = clock();
  new HeatRank({ storage, now: time.now, storageKey: 'k' }).record('a');
  assert.equal(new HeatRank({ storage, now: time.now, storageKey: 'k' }).score('a'), 1);
  const reset = new HeatRank({ storage, now: time.now, storageKey: 'k' });
  reset.reset();
  assert.equal(storage.get('k'), null);
});

test('corrupt stored data is ignored and left as is, with one event, and well-formed entries beside it survive', () => {
  for (const raw of ['{', 'null', '42', '[]', '{"v":99,"items":{}}', '{"v":1,"items":[]}', '\u0000garbage']) {
    const storage = memoryStorage();
    storage.set('dddk.heat', raw);
    const failures: StorageFailure[] = [];
    // A fixed clock: the score decays with time, so an exact 1 needs no time to pass between record and score.
    const heat = new HeatRank({ storage, now: () => 0, onStorageFallback: (failure) => failures.push(failure) });
    assert.equal(heat.score('a'), 0, raw);
    heat.record('a');
    assert.equal(heat.score('a'), 1, raw);
    assert.equal(storage.get('dddk.heat'), raw, 'another writer\'s data is not overwritten');
    assert.deepEqual(failures.map((failure) => failure.reason), ['corrupt'], raw);
  }
  const storage = memoryStorage();
  // Written as text: an object literal would turn `__proto__` into a prototype instead of a key.
  storage.set('dddk.heat', '{"v":1,"items":{"good":[2,0],"bad":["x",0],"negative":[-1,0],"infinite":[1,null],"__proto__":[3,0]}}');
  const heat = new HeatRank({ storage, now: () => 0 });
  assert.deepEqual(heat.ranked(), ['__proto__', 'good']);
  heat.record('good');
  assert.equal(new HeatRank({ storage, now: () => 0 }).score('__proto__'), 3);
});

test('storage that throws falls back to memory', () => {
  const broken: HeatStorage = {
    get: () => {
      throw new Error('SecurityError');
    },
    set: () => {
      throw new Error('QuotaExceededError');
    },
    remove: () => {
      throw new Error('SecurityError');
    },
  };
  const failures: StorageFailure[] = [];
  const heat = new HeatRank({ storage: broken, now: () => 0, onStorageFallback: (failure) => failures.push(failure) });
  heat.record('a');
  heat.record('a');
  assert.equal(heat.score('a'), 2);
  heat.reset();
  assert.equal(heat.score('a'), 0);
  assert.deepEqual(failures.map((failure) => failure.operation), ['get'], 'one event, at the first failure');
  assert.match(failures[0]!.message, /use counts are kept in memory/);
});

test('without a listener, the switch to memory is a console warning', (t) => {
  const warned = t.mock.method(console, 'warn', () => {});
  const full: HeatStorage = { get: () => null, set: () => { throw Object.assign(new Error('full'), { name: 'QuotaExceededError' }); }, remove: () => {} };
  const heat = new HeatRank({ storage: full, now: () => 0 });
  heat.record('a');
  heat.record('b');
  assert.equal(heat.score('a'), 1);
  assert.equal(warned.mock.callCount(), 1);
  assert.match(String(warned.mock.calls[0]!.arguments[0]), /^dddk: the storage is full/);
});

test('the coldest ids are forgotten beyond maxItems', () => {
  const time = clock();
  const heat = new HeatRank({ maxItems: 2, now: time.now });
  heat.boost('warm', 3);
  heat.boost('hot', 5);
  heat.record('cold');
  assert.deepEqual(heat.ranked(), ['hot', 'warm']);
});

test('options are checked', () => {
  assert.throws(() => new HeatRank({ halfLifeMs: 0 }), /halfLifeMs/);
  assert.throws(() => new HeatRank().boost('a', -1), /amount/);
});

test('a HeatRank orders a matcher\'s near-ties and its empty query', () => {
  const heat = new HeatRank({ now: () => 0 });
  const items = [{ id: 'a', name: 'Open settings' }, { id: 'b', name: 'Open sessions' }, { id: 'c', name: 'Preferences' }];
  const matcher = createFuzzyMatcher(items, { frecency: heat });
  assert.deepEqual(matcher.search('open').map((r) => r.item.id), ['a', 'b']);
  heat.record('b');
  assert.deepEqual(matcher.search('open').map((r) => r.item.id), ['b', 'a']);
  heat.boost('c', 100);
  assert.deepEqual(matcher.search('').map((r) => r.item.id), ['c', 'b', 'a']);
  assert.deepEqual(matcher.search('open').map((r) => r.item.id), ['b', 'a']);
});
