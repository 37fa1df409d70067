import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import { connectPalette, type PaletteKeyEvent } from '../../../core/palette/palette.connect.js';
import { matchPrefix } from '../../../core/palette/palette-prefix.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import type { PaletteModel, PaletteRow } from '../../../core/palette/palette.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const PAGES = ['Home', 'Pricing', 'Docs', 'Contact sales'];
const slug = (page: string) => page.toLowerCase().replace(' ', '-');

/** The demo's kind of palette: a page jump under "go" (also "g"), a tour, a docs search, a people finder. */
function demoItems(): PaletteItem[] {
  return [
    {
      id: 'go',
      name: 'Go to a page…',
      section: 'Navigation',
      prefix: { match: ['go', 'g'], display: 'go' },
      browseSection: 'Pages',
      browse: () => PAGES.map((page) => ({ id: `page:${slug(page)}`, name: page, actions: [{ kind: 'navigate' as const, path: `/${slug(page)}` }] })),
    },
    { id: 'tour', name: 'Give me a tour', section: 'Actions', keywords: ['overview'], actions: [{ kind: 'agent-task', task: 'Give me a short tour.' }] },
    { id: 'docs-search', name: 'Search the docs for {q}', prefix: 'docs:', prefixAcceptsAnyArg: true, actions: [{ kind: 'open-url', url: 'https://docs.example.com/?q={q}' }] },
    { id: 'people', name: 'People', prefix: '@', browseFilter: false, browse: () => [{ id: 'ann', name: 'Ann', answer: 'Ann' }] },
  ];
}

function palette(items = demoItems()) {
  const calls: string[] = [];
  const model = createPaletteModel({
    items,
    ports: {
      navigate: (path) => void calls.push(`navigate ${path}`),
      startAgent: (task) => void calls.push(`agent ${task}`),
      openUrl: (url) => void calls.push(`open ${url}`),
    },
  });
  model.open();
  return { model, calls };
}

const keys = (model: PaletteModel) => model.getState().rows.map((row) => row.key);
const ask = (model: PaletteModel) => model.getState().rows.find((row): row is PaletteRow & { type: 'ask' } => row.type === 'ask');

function keyEvent(name: string): PaletteKeyEvent & { prevented: boolean } {
  const event = { key: name, prevented: false, preventDefault: () => void (event.prevented = true), stopPropagation: () => undefined };
  return event;
}

test('a spelling ending in a letter needs a space after it; one ending in punctuation applies at once', () => {
  const items = demoItems();
  for (const query of ['give me a tour', 'go to', 'gp', 'go', 'g', 'docs', '@']) {
    const found = matchPrefix(items, query);
    assert.deepEqual(found && { spelling: found.spelling, arg: found.arg }, query === '@' ? { spelling: '@', arg: '' } : query === 'go to' ? { spelling: 'go', arg: 'to' } : undefined, query);
  }
  assert.deepEqual(matchPrefix(items, 'g docs') && { spelling: matchPrefix(items, 'g docs')!.spelling, arg: matchPrefix(items, 'g docs')!.arg }, { spelling: 'g', arg: 'docs' });
  assert.equal(matchPrefix(items, 'GO  pricing')?.arg, 'pricing', 'case-insensitive, spaces after it dropped');
  assert.equal(matchPrefix(items, 'docs:hooks')?.arg, 'hooks');
  assert.equal(matchPrefix(items, '@ann')?.items[0]?.id, 'people');
});

test('"give me a tour" and "gp" are plain text: the item is listed first, and the ask row is there', () => {
  const { model } = palette();
  model.setQuery('give me a tour');
  assert.equal(model.getState().prefix, undefined);
  assert.deepEqual(keys(model), ['i:tour', 'ask'], 'the item named in full comes before the agent');
  model.setQuery('gp');
  assert.equal(model.getState().prefix, undefined);
  assert.equal(keys(model).at(-1), 'ask');
});

test('a prefix and a space become the chip; the field keeps the argument, and the agent row the whole text', async () => {
  const { model, calls } = palette();
  model.setQuery('g docs');
  assert.deepEqual({ prefix: model.getState().prefix, query: model.getState().query }, { prefix: 'go', query: 'docs' });
  assert.deepEqual(keys(model), ['b:go:page:docs', 'ask']);
  assert.equal(ask(model)?.text, 'go docs');
  await model.activate();
  assert.deepEqual(calls, ['navigate /docs']);

  model.open();
  model.setQuery('go to the docs');
  assert.deepEqual({ prefix: model.getState().prefix, query: model.getState().query }, { prefix: 'go', query: 'to the docs' });
  assert.deepEqual(keys(model), ['b:go:page:docs', 'ask'], 'nothing matches "to the docs" whole; its last word does');
  assert.equal(ask(model)?.text, 'go to the docs');
  model.setQuery('what is this page');
  assert.equal(model.getState().prefix, 'go', 'other text is the chip\'s argument');
  assert.deepEqual(keys(model), ['ask'], 'no page matches; the agent still does');
  await model.activate();
  assert.deepEqual(calls.at(-1), 'agent go what is this page');
});

test('choosing a prefixed item shows its chip; Backspace in the empty field removes it, then steps out of nothing', async () => {
  const { model } = palette();
  await model.activateById('go');
  assert.deepEqual({ prefix: model.getState().prefix, query: model.getState().query }, { prefix: 'go', query: '' });
  assert.deepEqual(keys(model), PAGES.map((page) => `b:go:page:${slug(page)}`), 'the chip\'s own list, nothing typed yet');
  const view = connectPalette(model, 'en');
  assert.deepEqual(view.prefixChip, { text: 'go', label: 'Prefix “go”', removeLabel: 'Remove the prefix “go”' });
  assert.equal(view.status, '4 suggestions');
  const backspace = keyEvent('Backspace');
  view.onKeyDown(backspace);
  assert.equal(backspace.prevented, true);
  assert.equal(model.getState().prefix, undefined);
  assert.equal(keys(model)[0], 'r:go', 'the whole list again, the page jump first as just used');
  const again = keyEvent('Backspace');
  connectPalette(model, 'en').onKeyDown(again);
  assert.equal(again.prevented, false, 'nothing left to take back: the key is the field\'s');
});

test('Backspace with text typed is the field\'s; clearPrefix keeps the text as a plain query', () => {
  const { model } = palette();
  model.setQuery('go pri');
  const backspace = keyEvent('Backspace');
  connectPalette(model, 'en').onKeyDown(backspace);
  assert.equal(backspace.prevented, false);
  assert.equal(model.getState().prefix, 'go');
  model.clearPrefix();
  assert.deepEqual({ prefix: model.getState().prefix, query: model.getState().query }, { prefix: undefined, query: 'pri' });
  assert.equal(ask(model)?.text, 'pri');
});

test('submit() without a text sends the chip and the query; closing forgets the chip', () => {
  const sent: string[] = [];
  const model = createPaletteModel({ items: demoItems(), onSubmit: (text) => void sent.push(text) });
  model.open();
  model.setQuery('docs: hooks');
  assert.equal(model.submit(), 'docs: hooks');
  assert.deepEqual(sent, ['docs: hooks']);
  model.open();
  assert.equal(model.getState().prefix, undefined);
});

test('a borrowed field drops the chip', () => {
  const { model } = palette();
  model.setQuery('g ');
  assert.equal(model.getState().prefix, 'go');
  model.setInputContext({ chipLabel: 'Reply', onSubmit: () => undefined });
  assert.equal(model.getState().prefix, undefined);
  assert.equal(connectPalette(model, 'en').prefixChip, undefined);
});

test('whatever is typed, the agent row is listed, so Enter always does something', () => {
  const text = fc.string({ unit: fc.constantFrom(...'gG o@:docs?ap 价x'.split('')), minLength: 1, maxLength: 12 }).filter((value) => value.trim() !== '');
  const { model } = palette();
  fc.assert(
    fc.property(text, (query) => {
      model.close();
      model.open();
      model.setQuery(query);
      const state = model.getState();
      if (state.query.trim() === '') return; // only a chip: its own list (the pages) is shown
      assert.ok(ask(model), `no ask row for ${JSON.stringify(query)} (rows ${JSON.stringify(keys(model))})`);
      assert.ok(state.activeIndex >= 0, 'a row is active for Enter');
    }),
    { numRuns: 300 },
  );
});

test('sub-lists and category chips keep the agent row too', async () => {
  const model = createPaletteModel({
    items: [{ id: 'theme', name: 'Theme', section: 'S', children: [{ id: 'light', name: 'Light', answer: 'x' }] }],
    categories: [{ id: 'S', label: 'S' }],
  });
  model.open();
  model.setCategory('S');
  model.setQuery('nothing like it');
  assert.deepEqual(keys(model), ['ask']);
  model.setQuery('');
  await model.activate();
  model.setQuery('sepia');
  assert.deepEqual(keys(model), ['ask']);
});
