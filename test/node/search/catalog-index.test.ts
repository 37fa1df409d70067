import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createCatalogIndex, type CatalogIndexOptions } from '../../../core/search/catalog/index.js';

interface Product {
  sku: string;
  name: string;
  description: string;
  tags?: string[];
  price?: number;
}

const products: Product[] = [
  { sku: 'tent-2', name: 'Ridge 2 tent', description: 'A two-person tent for windy camping trips.', tags: ['camping', 'shelter'], price: 249 },
  { sku: 'bag-3', name: 'Down sleeping bag', description: 'Warm to minus five; packs small.', tags: ['sleeping'], price: 189 },
  { sku: 'lamp-1', name: 'Lantern', description: 'A rechargeable lantern for the tent porch.', tags: ['light'], price: 39 },
  { sku: 'stove-1', name: 'Camp stove', description: 'Boils a litre in three minutes.', tags: ['cooking'], price: 79 },
  { sku: 'zh-tent', name: '露營帳篷', description: '四人用，防水，價格實惠', price: 320 },
  { sku: 'ko-tent', name: '캠핑텐트', description: '가벼운 2인용', price: 210 },
  { sku: 'poncho', name: 'Rain poncho', description: 'Folds into its own pocket. Made by Māori weavers.', price: 25 },
];

const toDoc = (p: Product) => ({ id: p.sku, fields: { name: p.name, description: p.description, tags: p.tags ?? [] }, meta: { price: p.price } });

function catalog(overrides: Partial<CatalogIndexOptions<Product>> = {}) {
  return createCatalogIndex<Product>({ items: products, toDoc, topK: 10, ...overrides });
}

const ids = (hits: Array<{ id: string }>) => hits.map((hit) => hit.id);

test('a field with more weight ranks its match first', () => {
  const rows = [
    { id: 'in-name', name: 'Lantern', body: 'bright' },
    { id: 'in-body', name: 'Light', body: 'lantern' },
  ];
  const build = (fieldWeights: Record<string, number>) =>
    createCatalogIndex({ items: rows, toDoc: (r) => ({ id: r.id, fields: { name: r.name, body: r.body } }), fieldWeights });
  assert.deepEqual(ids(build({ name: 3 }).search('lantern')), ['in-name', 'in-body']);
  assert.deepEqual(ids(build({ body: 3 }).search('lantern')), ['in-body', 'in-name']);
});

test('a word said in a short field outranks the same word in a long one (per-field length)', () => {
  const rows = [
    { id: 'long', text: 'stove with a long description of many other things that are not the point at all' },
    { id: 'short', text: 'stove' },
  ];
  const index = createCatalogIndex({ items: rows, toDoc: (r) => ({ id: r.id, fields: { text: r.text } }) });
  assert.deepEqual(ids(index.search('stove')), ['short', 'long']);
});

test('plurals, -ing forms and accents find the same words; stopwords are ignored', () => {
  const index = catalog();
  assert.equal(index.search('tents')[0]?.id, 'tent-2');
  assert.ok(ids(index.search('camp')).includes('tent-2'), 'camp finds camping');
  assert.equal(index.search('stoves')[0]?.id, 'stove-1');
  assert.equal(index.search('Maori')[0]?.id, 'poncho');
  assert.deepEqual(index.search('the tent for a trip'), index.search('tent trip'));
  assert.deepEqual(index.search('the of and'), []);
});

test('CJK text is found without spaces: by its character pairs, or by one character', () => {
  const index = catalog();
  assert.equal(index.search('帳篷')[0]?.id, 'zh-tent');
  assert.equal(index.search('露營帳篷')[0]?.id, 'zh-tent');
  assert.equal(index.search('價格')[0]?.id, 'zh-tent');
  assert.equal(index.search('텐트')[0]?.id, 'ko-tent');
  assert.equal(index.search('帳')[0]?.id, 'zh-tent', 'a lone character completes to the pairs it starts');
  assert.deepEqual(index.search('價錢'), [], 'one shared character is not a match');
});

test('one typo is forgiven in a word of five letters or more that no item holds, and not in shorter ones', () => {
  const index = catalog();
  assert.equal(index.search('lantren ')[0]?.id, 'lamp-1', 'two letters swapped');
  assert.equal(index.search('sleping bag')[0]?.id, 'bag-3', 'a letter missing');
  assert.equal(index.search('ponchoo ')[0]?.id, 'poncho', 'a letter extra');
  assert.deepEqual(index.search('tnet '), [], 'four letters: no tolerance');
  assert.deepEqual(index.search('lxntrxn '), [], 'two typos');
});

test('a word the index holds does not also match the words one typo from it', () => {
  const rows = [
    { id: 'cable', text: 'usb cable' },
    { id: 'table', text: 'folding table' },
  ];
  const index = createCatalogIndex({ items: rows, toDoc: (r) => ({ id: r.id, fields: { text: r.text } }) });
  assert.deepEqual(ids(index.search('cable ')), ['cable']);
  assert.deepEqual(ids(index.search('xable ')).sort(), ['cable', 'table']);
});

test('the last word typed without a space after it completes to longer words; with a space it does not', () => {
  const index = catalog();
  assert.equal(index.search('lant')[0]?.id, 'lamp-1');
  assert.deepEqual(index.search('lant '), []);
  assert.deepEqual(catalog({ prefix: false }).search('lant'), []);
  // Only the last word completes.
  assert.deepEqual(index.search('lant stove '), index.search('stove'));
});

test('a hit carries the fields, the meta and the query words it matched', () => {
  const [hit] = catalog().search('Rechargeable Lanterns');
  assert.equal(hit?.id, 'lamp-1');
  assert.deepEqual(hit?.fields, toDoc(products[2]!).fields);
  assert.deepEqual(hit?.meta, { price: 39 });
  assert.deepEqual(hit?.matched, ['rechargeable', 'lanterns']);
  assert.ok(hit!.score > 0);
});

test('topK and filter narrow the hits; a filter may search the same index again', () => {
  const index = catalog({ topK: 1 });
  assert.equal(index.search('tent').length, 1);
  assert.equal(index.search('tent', { topK: 3 }).length, 2);
  const cheap = index.search('tent', { topK: 5, filter: (doc) => (doc.meta?.price as number) < 100 });
  assert.deepEqual(ids(cheap), ['lamp-1']);
  const nested = index.search('tent', { topK: 5, filter: (doc) => index.search('stove').length === 1 && doc.id === 'tent-2' });
  assert.deepEqual(ids(nested), ['tent-2']);
  assert.deepEqual(ids(index.search('tent', { topK: 5 })), ['tent-2', 'lamp-1'], 'the nested search left no trace');
  const removing = index.search('tent', { topK: 5, filter: (doc) => (doc.id === 'tent-2' ? index.remove('lamp-1') : true) });
  assert.equal(removing[0]?.id, 'tent-2', 'a filter that removes a document sees the search through');
  assert.deepEqual(ids(index.search('tent', { topK: 5 })), ['tent-2']);
});

test('field names are only names: "constructor" and "__proto__" are fields like any other', () => {
  const rows = [{ id: 'a', text: 'lantern' }, { id: 'b', text: 'stove' }];
  const index = createCatalogIndex({
    items: rows,
    toDoc: (r) => ({ id: r.id, fields: JSON.parse(`{"__proto__": ${JSON.stringify(r.text)}, "constructor": "camp"}`) }),
    fieldWeights: { constructor: 2 },
  });
  assert.deepEqual(ids(index.search('lantern')), ['a']);
  assert.equal(index.search('camp').length, 2);
  assert.ok(Number.isFinite(index.search('camp')[0]!.score));
});

test('removing a document leaves the index as if it had never been added', () => {
  const index = catalog();
  const without = createCatalogIndex<Product>({ items: products.filter((p) => p.sku !== 'lamp-1'), toDoc, topK: 10 });
  assert.equal(index.remove('lamp-1'), true);
  assert.equal(index.remove('lamp-1'), false);
  assert.equal(index.has('lamp-1'), false);
  assert.equal(index.size, products.length - 1);
  for (const query of ['tent', 'tent porch', 'lant', 'lantren ', 'camping stove', '帳篷']) {
    assert.deepEqual(index.search(query), without.search(query), query);
  }
  index.add(products[2]!);
  assert.equal(index.search('lantern')[0]?.id, 'lamp-1');
  assert.throws(() => index.add(products[2]!), { name: 'TypeError', message: /CatalogIndex\.add: toDoc\(row\)\.id "lamp-1" is already in the index/ });
});

test('added documents are found by prefix and typo lookups made before they came', () => {
  const index = catalog();
  assert.deepEqual(index.search('hammoc'), []);
  assert.deepEqual(index.search('hammokc '), []);
  index.add({ sku: 'hammock', name: 'Hammock', description: 'Hangs between two trees.' });
  assert.equal(index.search('hammoc')[0]?.id, 'hammock');
  assert.equal(index.search('hammokc ')[0]?.id, 'hammock');
  index.remove('hammock');
  assert.deepEqual(index.search('hammoc'), []);
  assert.deepEqual(index.search('hammokc '), []);
});

test('scores do not depend on the order documents were added in', () => {
  const word = fc.constantFrom('tent', 'tents', 'stove', 'lamp', 'camping', 'warm', '帳篷', 'bag');
  const doc = fc.record({ title: fc.array(word, { maxLength: 4 }), body: fc.array(word, { maxLength: 12 }) });
  fc.assert(
    fc.property(fc.array(doc, { minLength: 1, maxLength: 12 }), fc.array(word, { minLength: 1, maxLength: 3 }), (docs, query) => {
      const rows = docs.map((d, i) => ({ id: `d${i}`, title: d.title.join(' '), body: d.body.join(' ') }));
      const build = (items: typeof rows) => createCatalogIndex({ items, toDoc: (r) => ({ id: r.id, fields: { title: r.title, body: r.body } }), fieldWeights: { title: 2 }, topK: 50 });
      const scores = (hits: Array<{ id: string; score: number }>) => new Map(hits.map((h) => [h.id, h.score.toFixed(9)]));
      assert.deepEqual(scores(build([...rows].reverse()).search(query.join(' '))), scores(build(rows).search(query.join(' '))));
    }),
    { numRuns: 150 },
  );
});

test('bad options are refused with the field and the item named', () => {
  const base = { items: products, toDoc };
  assert.throws(() => createCatalogIndex({ ...base, items: 'x' as never }), { name: 'TypeError', message: /options\.items must be an array/ });
  assert.throws(() => createCatalogIndex({ ...base, toDoc: 1 as never }), { name: 'TypeError', message: /options\.toDoc must be a function/ });
  const noId = [products[0]!, { ...products[1]!, sku: 7 as never }];
  assert.throws(() => createCatalogIndex({ items: noId, toDoc }), { name: 'TypeError', message: /toDoc\(items\[1\]\)\.id must be a non-empty string, got a number \(7\)/ });
  const twice = [products[0]!, products[1]!, products[0]!];
  assert.throws(() => createCatalogIndex({ items: twice, toDoc }), { name: 'TypeError', message: /toDoc\(items\[2\]\)\.id "tent-2" is already the id of items\[0\]/ });
  assert.throws(() => createCatalogIndex({ items: products, toDoc: () => null as never }), { name: 'TypeError', message: /toDoc\(items\[0\]\) returned null/ });
  assert.throws(() => createCatalogIndex({ items: products, toDoc: (p) => ({ id: p.sku, fields: { name: 3 as never } }) }), {
    name: 'TypeError',
    message: /toDoc\(items\[0\]\)\.fields\.name must be a string or an array of strings/,
  });
  for (const weight of [0, -1, Number.NaN, Infinity, '2']) {
    assert.throws(() => createCatalogIndex({ ...base, fieldWeights: { name: weight as never } }), { name: 'TypeError', message: /fieldWeights\.name must be a positive finite number/ });
  }
  assert.throws(() => createCatalogIndex({ ...base, topK: 0 }), { name: 'TypeError', message: /options\.topK must be a positive integer/ });
});

test('a query that is not a string is refused; an empty or wordless one finds nothing; hostile text is only text', () => {
  const index = catalog();
  assert.throws(() => index.search(42 as never), { name: 'TypeError', message: /query must be a string, got a number \(42\)/ });
  assert.throws(() => index.search('tent', { topK: 1.5 }), { name: 'TypeError', message: /options\.topK must be a positive integer/ });
  assert.throws(() => index.search('tent', { filter: 'cheap' as never }), { name: 'TypeError', message: /options\.filter must be a function/ });
  assert.deepEqual(index.search(''), []);
  assert.deepEqual(index.search('  ?!  '), []);
  assert.deepEqual(index.search('(*+?[\\'), []);
  assert.deepEqual(index.search('__proto__ constructor'), []);
  const long = `${'tent '.repeat(5000)}stove`;
  assert.equal(index.search(long)[0]?.id, 'tent-2', 'a very long query is read up to a bound');
});
