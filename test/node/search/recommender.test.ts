import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRecommender, type RecommenderOptions } from '../../../core/search/recommend/index.js';
import { memoryStorage } from '../../../core/storage/memory-storage.js';
import type { KeyValueStorage } from '../../../core/storage/key-value-storage.js';
import type { StorageFailure } from '../../../core/storage/storage-failure.js';

interface Item {
  id: string;
  name: string;
  about: string;
}

const items: Item[] = [
  { id: 'tent-ridge', name: 'Ridge tent', about: 'two person backpacking tent, waterproof flysheet, aluminium poles' },
  { id: 'tent-ridge-xl', name: 'Ridge XL tent', about: 'three person backpacking tent, waterproof flysheet, aluminium poles' },
  { id: 'stove-gas', name: 'Gas stove', about: 'camping stove for gas canisters, boils water fast' },
  { id: 'tent-dome', name: 'Dome tent', about: 'family tent for car camping, waterproof, easy poles' },
  { id: 'stove-wood', name: 'Wood stove', about: 'folding stove burns twigs, cooking without gas canisters' },
  { id: 'book-knots', name: 'Book of knots', about: 'illustrated guide to ropes and knots for sailors' },
  { id: 'mug', name: 'Enamel mug', about: 'enamel camping mug for coffee' },
  { id: 'bag-down', name: 'Down sleeping bag', about: 'warm sleeping bag with goose down, packs small' },
];

const ids = (list: Array<{ id: string }>) => list.map((entry) => entry.id);

function recommender(overrides: Partial<RecommenderOptions<Item>> = {}) {
  return createRecommender<Item>({ items, toDoc: (item) => ({ id: item.id, fields: { name: item.name, about: item.about } }), onStorageFallback: () => {}, ...overrides });
}

test('similar items share words: the nearest first, never the item itself, never an item with nothing in common', () => {
  const rec = recommender();
  const near = rec.similar('tent-ridge', { topK: 8 });
  assert.equal(near[0]?.id, 'tent-ridge-xl');
  assert.equal(near[1]?.id, 'tent-dome');
  assert.ok(!ids(near).includes('stove-gas'), 'a stove shares no word with this tent');
  assert.ok(!ids(near).includes('tent-ridge'));
  assert.ok(!ids(near).includes('book-knots'));
  for (let i = 1; i < near.length; i++) assert.ok(near[i - 1]!.score >= near[i]!.score);
  assert.equal(rec.similar('stove-gas', { topK: 1 })[0]?.id, 'stove-wood');
});

test('a cold start lists the catalog in its own order, moving a near-duplicate of an item already listed down', () => {
  const cold = ids(recommender().forCustomer({ topK: 8 }));
  assert.deepEqual(cold, ['tent-ridge', 'stove-gas', 'tent-dome', 'stove-wood', 'book-knots', 'mug', 'bag-down', 'tent-ridge-xl'], 'the XL is nearly the same tent as the first');
});

test('likes pull the list towards similar items, dislikes push items like them down, rated items are left out', () => {
  const rec = recommender();
  rec.recordPreference('tent-ridge', 'like');
  const afterLike = ids(rec.forCustomer({ topK: 3 }));
  assert.equal(afterLike[0], 'tent-ridge-xl');
  assert.ok(afterLike.includes('tent-dome'));
  assert.ok(!afterLike.includes('tent-ridge'));
  rec.recordPreference('stove-gas', 'dislike');
  const all = ids(rec.forCustomer({ topK: 6 }));
  assert.ok(!all.includes('stove-gas'));
  assert.equal(all.at(-1), 'stove-wood', 'the other stove is the least wanted');
});

test('the latest response to an item counts; preferences list what was recorded; clear forgets it', () => {
  const rec = recommender();
  rec.recordPreference('mug', 'dislike');
  rec.recordPreference('mug', 'like');
  rec.recordPreference('bag-down', 'dislike');
  assert.deepEqual(rec.preferences(), { liked: ['mug'], disliked: ['bag-down'] });
  rec.clearPreferences();
  assert.deepEqual(rec.preferences(), { liked: [], disliked: [] });
  assert.deepEqual(ids(rec.forCustomer()), ids(recommender().forCustomer()));
});

test('preferences persist per customer across instances on the same storage', () => {
  const storage = memoryStorage();
  const ana = recommender({ storage, customerId: 'ana' });
  ana.recordPreference('stove-gas', 'like');
  ana.recordPreference('tent-dome', 'dislike');
  const again = recommender({ storage, customerId: 'ana' });
  assert.equal(again.customerId, 'ana');
  assert.deepEqual(again.preferences(), { liked: ['stove-gas'], disliked: ['tent-dome'] });
  assert.deepEqual(again.forCustomer(), ana.forCustomer());
  assert.equal(again.forCustomer({ topK: 1 })[0]?.id, 'stove-wood');
  const ben = recommender({ storage, customerId: 'ben' });
  assert.deepEqual(ben.preferences(), { liked: [], disliked: [] });
  assert.equal(recommender({ storage }).customerId, 'anon');
});

test('corrupt stored preferences are ignored without a crash: a broken record entirely, broken entries one by one', () => {
  const failures: StorageFailure[] = [];
  const broken = memoryStorage();
  broken.set('dddk.recommend.ana', '{"v":1,"prefs":[["mug",');
  const rec = recommender({ storage: broken, customerId: 'ana', onStorageFallback: (failure) => failures.push(failure) });
  assert.deepEqual(rec.preferences(), { liked: [], disliked: [] });
  assert.equal(failures.length, 1);
  assert.equal(failures[0]?.reason, 'corrupt');
  rec.recordPreference('mug', 'like');
  assert.deepEqual(rec.preferences().liked, ['mug']);

  const mixed = memoryStorage();
  const record = { v: 1, prefs: [['mug', 'like'], ['bag-down', 'meh'], [42, 'like'], 'tent-dome', ['stove-gas', 'dislike'], ['gone-from-catalog', 'like']] };
  mixed.set('dddk.recommend.ana', JSON.stringify(record));
  const kept = recommender({ storage: mixed, customerId: 'ana' });
  assert.deepEqual(kept.preferences(), { liked: ['mug', 'gone-from-catalog'], disliked: ['stove-gas'] });
  assert.ok(kept.forCustomer().length > 0, 'an id no longer in the catalog is kept but not used');
  for (const value of ['null', '"text"', '[1,2]', '{"v":2,"prefs":[]}', '{"v":1,"prefs":{}}']) {
    const storage = memoryStorage();
    storage.set('dddk.recommend.x', value);
    assert.deepEqual(recommender({ storage, customerId: 'x' }).preferences(), { liked: [], disliked: [] }, value);
  }
});

test('a storage that throws is replaced by memory, once, and recommendations carry on', () => {
  const failures: StorageFailure[] = [];
  const full: KeyValueStorage = {
    get: () => null,
    set: () => {
      throw new DOMException('quota', 'QuotaExceededError');
    },
    remove: () => {},
  };
  const rec = recommender({ storage: full, onStorageFallback: (failure) => failures.push(failure) });
  rec.recordPreference('tent-ridge', 'like');
  rec.recordPreference('tent-dome', 'like');
  assert.equal(failures.length, 1);
  assert.equal(failures[0]?.reason, 'quota-exceeded');
  assert.deepEqual(rec.preferences().liked, ['tent-ridge', 'tent-dome']);
  assert.equal(rec.forCustomer({ topK: 1 })[0]?.id, 'tent-ridge-xl');
});

test('unknown ids and bad arguments are refused with what to do', () => {
  const rec = recommender();
  assert.throws(() => rec.similar('tent-nope'), { name: 'TypeError', message: /Recommender\.similar: no item has the id "tent-nope"; use the id of an item of the catalog/ });
  assert.throws(() => rec.recordPreference('nope', 'like'), { name: 'TypeError', message: /recordPreference: no item has the id "nope"/ });
  assert.throws(() => rec.recordPreference('mug', 'love' as never), { name: 'TypeError', message: /response must be 'like' or 'dislike', got the string "love"/ });
  assert.throws(() => rec.similar(3 as never), { name: 'TypeError', message: /id must be a string, got a number \(3\)/ });
  assert.throws(() => rec.forCustomer({ topK: 0 }), { name: 'TypeError', message: /forCustomer: options\.topK must be a positive integer/ });
  assert.throws(() => recommender({ customerId: '' }), { name: 'TypeError', message: /options\.customerId must be a non-empty string/ });
  assert.throws(() => recommender({ items: null as never }), { name: 'TypeError', message: /createRecommender: options\.items must be an array/ });
  assert.throws(() => recommender({ items: [items[0]!, items[0]!] }), { name: 'TypeError', message: /toDoc\(items\[1\]\)\.id "tent-ridge" is already the id of items\[0\]/ });
  assert.throws(() => recommender({ fieldWeights: { name: -1 } }), { name: 'TypeError', message: /fieldWeights\.name must be a positive finite number/ });
});
