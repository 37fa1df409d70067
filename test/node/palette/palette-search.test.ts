import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import type { PaletteItemRow, PaletteModel } from '../../../core/palette/palette.types.js';
import { HeatRank } from '../../../core/search/heat-rank.js';
import { memoryStorage } from '../../../core/storage/memory-storage.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const item = (id: string, name: string, extra: Partial<PaletteItem> = {}): PaletteItem => ({ id, name, actions: [{ kind: 'copy', text: id }], ...extra });

const ITEMS: PaletteItem[] = [
  item('settings', 'Open settings', { section: 'General', keywords: ['preferences'] }),
  item('pricing', 'Go to Pricing', { section: 'Navigation', description: 'Plans and prices' }),
  item('dark', 'Toggle dark mode', { section: 'General', keywords: ['theme'] }),
  item('home', 'Go to Home', { section: 'Navigation' }),
  item('hidden', 'Deep chapter on webhooks', { section: 'Docs', searchOnly: true }),
  item('search-web', 'Search the docs for “{q}”', { section: 'Docs', searchAction: true, actions: [{ kind: 'open-url', url: 'https://docs.example.com/?q={q}' }] }),
];

function keys(model: PaletteModel): string[] {
  return model.getState().rows.map((row) => row.key);
}

function clock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

test('nothing typed: the host order grouped by section (sections by first appearance); searchOnly and search rows hidden', () => {
  const model = createPaletteModel({ items: ITEMS });
  model.open();
  assert.deepEqual(keys(model), ['i:settings', 'i:dark', 'i:pricing', 'i:home']);
  assert.equal(model.getState().grouped, true);
  assert.deepEqual(model.getState().rows.map((row) => row.section), ['General', 'General', 'Navigation', 'Navigation']);
});

test('typing matches name, keywords and description fuzzily, with the matched ranges of the name', () => {
  const model = createPaletteModel({ items: ITEMS });
  model.open();
  model.setQuery('theme');
  assert.equal(model.getState().rows[1]?.key, 'i:dark', 'found through a keyword, after the search row');
  model.setQuery('gtp');
  const top = model.getState().rows.find((row) => row.type === 'item' && !row.key.startsWith('s:')) as PaletteItemRow;
  assert.equal(top.item.id, 'pricing');
  assert.ok(top.nameRanges.length > 0);
  model.setQuery('plans');
  const viaDescription = model.getState().rows.find((row) => row.key === 'i:pricing') as PaletteItemRow;
  assert.deepEqual(viaDescription.descriptionRanges, [{ start: 0, end: 5 }]);
  assert.equal(model.getState().grouped, false);
});

test('a RegExp-special query neither throws nor matches everything', () => {
  const model = createPaletteModel({ items: ITEMS, askRow: false });
  model.open();
  for (const query of ['(', '[a-z]*', '.*', '\\', '$^', '?+']) {
    model.setQuery(query);
    const matched = model.getState().rows.filter((row) => !row.key.startsWith('s:'));
    assert.equal(matched.length, 0, `query ${query}`);
  }
});

test('searchOnly items are found by typing; search rows lead with {q} filled in and the query as arg', () => {
  const model = createPaletteModel({ items: ITEMS });
  model.open();
  model.setQuery('webhooks');
  const rows = model.getState().rows;
  assert.equal(rows[0]?.key, 's:search-web');
  assert.equal((rows[0] as PaletteItemRow).name, 'Search the docs for “webhooks”');
  assert.equal((rows[0] as PaletteItemRow).arg, 'webhooks');
  assert.equal(rows[1]?.key, 'i:hidden');
  assert.equal(rows.at(-1)?.type, 'ask');
});

test('frecency: recently used items lead the empty list under Recent, and only break near-ties when typing', async () => {
  const time = clock();
  const storage = memoryStorage();
  const frecency = new HeatRank({ storage, storageKey: 'k', now: time.now });
  const items = [item('go-a', 'Go to Alpha'), item('go-b', 'Go to Beta'), item('go-c', 'Go to Gamma'), item('open', 'Open project')];
  const model = createPaletteModel({ items, frecency, ports: { copy: () => undefined } });
  model.open();
  await model.activateById('go-c');
  assert.equal(model.getState().open, false, 'a successful action closes the palette');
  time.advance(1000);
  model.open();
  assert.deepEqual(keys(model), ['r:go-c', 'i:go-a', 'i:go-b', 'i:open']);
  assert.equal(model.getState().rows[0]?.recent, true);
  model.setQuery('go to');
  assert.equal(keys(model)[0], 'i:go-c', 'equal matches: the used one first');
  model.setQuery('open');
  assert.equal(keys(model)[0], 'i:open', 'a used item never outranks a better match');
  assert.match(storage.get('k') ?? '', /go-c/, 'use counts persist in the given storage');
});

test('the use counts go to the injected storage under dddk.palette.heat, and a throwing storage falls back to memory', async () => {
  const storage = memoryStorage();
  const model = createPaletteModel({ items: [item('a', 'Alpha')], storage, ports: { copy: () => undefined } });
  await model.activateById('a');
  assert.match(storage.get('dddk.palette.heat') ?? '', /"a"/);
  const broken = {
    get: () => {
      throw new Error('SecurityError');
    },
    set: () => {
      throw new Error('QuotaExceeded');
    },
    remove: () => undefined,
  };
  const fallback = createPaletteModel({ items: [item('a', 'Alpha'), item('b', 'Beta')], storage: broken, ports: { copy: () => undefined } });
  await fallback.activateById('b');
  fallback.open();
  assert.equal(fallback.getState().rows[0]?.key, 'r:b');
});

test('category chips narrow the list to items of that category (else section)', () => {
  const model = createPaletteModel({
    items: [item('a', 'Alpha', { section: 'Docs' }), item('b', 'Beta', { section: 'Docs', category: 'api' }), item('c', 'Gamma', { section: 'Help' })],
    categories: [
      { id: 'Docs', label: 'Docs' },
      { id: 'api', label: 'API' },
    ],
  });
  model.open();
  model.setCategory('Docs');
  assert.deepEqual(keys(model), ['i:a']);
  model.setCategory('api');
  assert.deepEqual(keys(model), ['i:b']);
  model.setQuery('gam');
  assert.deepEqual(keys(model), ['ask']);
  model.setCategory(undefined);
  assert.deepEqual(keys(model), ['i:c', 'ask']);
});

test('disabled items are listed but do nothing', async () => {
  let ran = 0;
  const model = createPaletteModel({ items: [item('off', 'Off', { disabled: true, actions: [{ kind: 'custom', run: () => void ran++ }] })] });
  model.open();
  assert.equal(keys(model)[0], 'i:off');
  await model.activate(0);
  assert.equal(ran, 0);
  assert.equal(model.getState().open, true);
});

test('useStorage: a storage connected after creation takes over the ranking; a second one is ignored', async () => {
  const first = memoryStorage();
  first.set('dddk.palette.heat', JSON.stringify({ v: 1, items: { b: [3, Date.now()] } }));
  const model = createPaletteModel({ items: [item('a', 'Alpha'), item('b', 'Beta')], ports: { copy: () => undefined } });
  assert.equal(model.useStorage(first), true);
  assert.equal(model.useStorage(memoryStorage()), false);
  model.open();
  assert.equal(model.getState().rows[0]?.key, 'r:b', 'what the storage remembered ranks first');
  await model.activateById('a');
  assert.match(first.get('dddk.palette.heat') ?? '', /"a"/);
  assert.equal(createPaletteModel({ storage: memoryStorage() }).useStorage(first), false);
});
