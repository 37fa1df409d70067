import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import { matchPrefix, prefixSpellings, substituteQuery } from '../../../core/palette/palette-prefix.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import type { PaletteItemRow } from '../../../core/palette/palette.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const run = (seen: string[]) => ({ kind: 'custom' as const, run: ({ arg }: { arg: string }) => void seen.push(arg) });

test('the three prefix forms', () => {
  assert.deepEqual(prefixSpellings('ask:'), { match: ['ask:'], display: 'ask:' });
  assert.deepEqual(prefixSpellings(['/', '@ai']), { match: ['/', '@ai'], display: '/' });
  assert.deepEqual(prefixSpellings({ match: ['docs:', 'd:'], display: 'Docs:' }), { match: ['docs:', 'd:'], display: 'Docs:' });
});

test('matchPrefix: case-insensitive, the longest spelling wins, the rest is the argument', () => {
  const items: PaletteItem[] = [
    { id: 'd', name: 'D', prefix: 'd', answer: '' },
    { id: 'docs', name: 'Docs', prefix: ['docs:', 'doc:'], answer: '' },
  ];
  const match = matchPrefix(items, 'DOCS:   react hooks');
  assert.deepEqual({ ids: match?.items.map((item) => item.id), arg: match?.arg, spelling: match?.spelling }, { ids: ['docs'], arg: 'react hooks', spelling: 'docs:' });
  assert.equal(matchPrefix(items, 'd x')?.items[0]?.id, 'd');
  assert.equal(matchPrefix(items, 'x docs:'), undefined);
});

test('substituteQuery URL-encodes where asked', () => {
  assert.equal(substituteQuery('https://x.test/?q={q}&again={q}', 'a&b c', true), 'https://x.test/?q=a%26b%20c&again=a%26b%20c');
  assert.equal(substituteQuery('Ask: {q}', 'a&b', false), 'Ask: a&b');
});

test('prefixAcceptsAnyArg: the item leads whatever follows the prefix and receives it as its argument', async () => {
  const seen: string[] = [];
  const model = createPaletteModel({
    items: [
      { id: 'ask', name: 'Ask AI: {q}', prefix: { match: ['?', 'ask:'], display: '?' }, prefixAcceptsAnyArg: true, actions: [run(seen)] },
      { id: 'other', name: 'Other', actions: [run(seen)] },
    ],
  });
  model.open();
  model.setQuery('ask: what is new');
  const state = model.getState();
  assert.equal(state.prefix, '?');
  assert.equal(state.rows[0]?.key, 'p:ask');
  assert.equal((state.rows[0] as PaletteItemRow).name, 'Ask AI: what is new');
  await model.activate();
  assert.deepEqual(seen, ['what is new']);
});

test('choosing a prefixed item from the list types its prefix instead of running it', async () => {
  const seen: string[] = [];
  const model = createPaletteModel({ items: [{ id: 'g', name: 'Search Google', prefix: 'g:', prefixAcceptsAnyArg: true, actions: [{ kind: 'open-url', url: 'https://google.com/search?q={q}' }] }] });
  model.connectPorts({ openUrl: (url) => void seen.push(url) });
  model.open();
  await model.activate();
  assert.deepEqual({ prefix: model.getState().prefix, query: model.getState().query }, { prefix: 'g:', query: '' }, 'the prefix became the chip');
  assert.equal(model.getState().open, true);
  model.setQuery('a&b');
  await model.activate();
  assert.deepEqual(seen, ['https://google.com/search?q=a%26b']);
});

test('browse (sync): the returned items are listed under the prefix, fuzzy-filtered by the argument', () => {
  const model = createPaletteModel({
    items: [
      {
        id: 'orders',
        name: 'Orders',
        prefix: 'order:',
        browseSection: 'Orders',
        browse: () => ['1001', '1002', '2001'].map((n) => ({ id: `o${n}`, name: `Order #${n}`, actions: [{ kind: 'navigate' as const, path: `/orders/${n}` }] })),
      },
    ],
  });
  model.open();
  model.setQuery('order:');
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['b:orders:o1001', 'b:orders:o1002', 'b:orders:o2001']);
  model.setQuery('order: 100');
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['b:orders:o1001', 'b:orders:o1002', 'ask']);
  assert.equal(model.getState().rows[0]?.section, 'Orders');
});

test('browse (async): busy while pending; a newer query aborts the older request and only the newest lands', async () => {
  const calls: Array<{ arg: string; signal: AbortSignal; resolve: (items: PaletteItem[]) => void }> = [];
  const model = createPaletteModel({
    items: [
      {
        id: 'people',
        name: 'People',
        prefix: '@',
        browseFilter: false,
        browse: (arg, { signal }) => new Promise<PaletteItem[]>((resolve) => calls.push({ arg, signal, resolve })),
      },
    ],
  });
  model.open();
  model.setQuery('@an');
  assert.equal(model.getState().busy, true);
  model.setQuery('@ann');
  assert.equal(calls.length, 2);
  assert.equal(calls[0]!.signal.aborted, true);
  assert.equal(calls[1]!.signal.aborted, false);
  calls[0]!.resolve([{ id: 'stale', name: 'Stale', answer: 'x' }]);
  calls[1]!.resolve([{ id: 'ann', name: 'Ann', answer: 'x' }]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['b:people:ann', 'ask']);
  assert.equal(model.getState().busy, false);
});

test('browse: a failing source shows its error, naming the item', async () => {
  const model = createPaletteModel({ items: [{ id: 'docs', name: 'Docs', prefix: 'docs:', browse: async () => Promise.reject(new Error('503 from search')) }] });
  model.open();
  model.setQuery('docs: hooks');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(model.getState().error, { source: 'browse', message: '503 from search', subject: 'Docs' });
  assert.equal(model.getState().busy, false);
});
