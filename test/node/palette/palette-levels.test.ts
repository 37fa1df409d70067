import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const copy = (id: string): PaletteItem => ({ id, name: id, actions: [{ kind: 'copy', text: id }] });

test('sub-menus: an item opens its children; back steps out; back at the root reports nothing to step back from', async () => {
  const model = createPaletteModel({ items: [{ id: 'theme', name: 'Theme', children: [copy('light'), { id: 'more', name: 'More', children: [copy('sepia')] }] }] });
  model.open();
  await model.activate();
  assert.deepEqual(model.getState().trail, ['Theme']);
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['i:light', 'i:more']);
  model.setQuery('sep');
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['ask'], 'sepia is one level down; only the ask row is left, so Enter still does something');
  model.setQuery('');
  await model.activate(1);
  assert.deepEqual(model.getState().trail, ['Theme', 'More']);
  assert.equal(model.back(), true);
  assert.deepEqual(model.getState().trail, ['Theme']);
  assert.equal(model.back(), true);
  assert.deepEqual(model.getState().trail, []);
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['r:theme'], 'listed under Recent now');
  assert.equal(model.back(), false);
});

test('async children: busy while loading; a failing source shows its error', async () => {
  let resolve!: (items: PaletteItem[]) => void;
  const model = createPaletteModel({
    items: [
      { id: 'slow', name: 'Slow', children: () => new Promise<PaletteItem[]>((done) => (resolve = done)) },
      { id: 'bad', name: 'Bad', children: async () => Promise.reject(new Error('offline')) },
    ],
  });
  model.open();
  const opening = model.activate(0);
  assert.equal(model.getState().busy, true);
  resolve([copy('child')]);
  await opening;
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['i:child']);
  model.back();
  await model.activate(1);
  assert.deepEqual(model.getState().error, { source: 'children', message: 'offline', subject: 'Bad' });
});

test('closing resets the level, the result and the borrowed field', async () => {
  const model = createPaletteModel({ items: [{ id: 'm', name: 'M', children: [copy('c')] }] });
  model.open();
  await model.activate();
  model.showResult('text');
  model.close();
  model.open();
  const state = model.getState();
  assert.deepEqual({ trail: state.trail, result: state.result, keys: state.rows.map((row) => row.key) }, { trail: [], result: undefined, keys: ['r:m'] });
});

test('a QA item shows its answer as a result; back returns to the list', async () => {
  const model = createPaletteModel({ items: [{ id: 'refund', name: 'Can I get a refund?', answer: 'Yes, within 30 days.' }] });
  model.open();
  await model.activate();
  assert.deepEqual(model.getState().result, { kind: 'text', text: 'Yes, within 30 days.', title: 'Can I get a refund?' });
  assert.equal(model.getState().open, true);
  assert.equal(model.back(), true);
  assert.equal(model.getState().result, undefined);
});

test('result mode: text, markdown, html, node, surface; showing one opens the palette', () => {
  const model = createPaletteModel();
  model.showResult('plain');
  assert.equal(model.getState().open, true);
  assert.deepEqual(model.getState().result, { kind: 'text', text: 'plain' });
  model.showResult({ markdown: '**b**', title: 'T' });
  assert.deepEqual(model.getState().result, { kind: 'markdown', text: '**b**', title: 'T' });
  model.showResult({ html: '<b>x</b>' });
  assert.equal(model.getState().result?.kind, 'html');
  const node = {};
  model.showResult({ node });
  assert.equal(model.getState().result?.kind === 'node' && model.getState().result, model.getState().result);
  model.showResult({ surface: { root: { piece: 'text' } } });
  assert.equal(model.getState().result?.kind, 'surface');
});

test('a streamed result appends chunks; cancel stops it and returns the iterator', async () => {
  let returned = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  async function* chunks() {
    try {
      yield 'Hel';
      yield 'lo';
      await gate;
      yield ' never';
    } finally {
      returned = true;
    }
  }
  const model = createPaletteModel();
  model.showResult({ stream: chunks(), title: 'Answer' });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(model.getState().result, { kind: 'stream', text: 'Hello', streaming: true, title: 'Answer' });
  model.cancelResult();
  assert.equal((model.getState().result as { streaming?: boolean } | undefined)?.streaming, false);
  release();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(model.getState().result?.kind === 'stream' && (model.getState().result as { text: string }).text, 'Hello');
  assert.equal(returned, true);
});

test('a stream that throws ends with its error on the result', async () => {
  async function* failing() {
    yield 'partial';
    throw new Error('connection reset');
  }
  const model = createPaletteModel();
  model.showResult({ stream: failing() });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(model.getState().result, { kind: 'stream', text: 'partial', streaming: false, error: 'connection reset' });
});

test('a host mount streams once the view reports it mounted', async () => {
  const mount = { written: '' };
  const model = createPaletteModel();
  model.showResult({ mount, stream: async (root) => void ((root as typeof mount).written = 'done') });
  assert.equal(mount.written, '', 'nothing written before it is in the page');
  assert.equal((model.getState().result as { streaming?: boolean } | undefined)?.streaming, true);
  model.resultMounted();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(mount.written, 'done');
  assert.equal((model.getState().result as { streaming?: boolean } | undefined)?.streaming, false);
});

test('an action that shows a result keeps the palette open', async () => {
  const model = createPaletteModel({ items: [{ id: 'r', name: 'R', actions: [{ kind: 'custom', run: ({ palette }) => palette.showResult('shown') }] }] });
  model.open();
  await model.activate();
  assert.equal(model.getState().open, true);
  assert.equal(model.getState().result?.kind, 'text');
});

test('render-surface shows the surface in the palette by default', async () => {
  const surface = { root: { piece: 'text' } };
  const model = createPaletteModel({ items: [{ id: 's', name: 'Show', actions: [{ kind: 'render-surface', surface: async (arg) => ({ ...surface, data: { arg } }) }] }] });
  model.open();
  await model.activate();
  assert.deepEqual(model.getState().result, { kind: 'surface', surface: { root: { piece: 'text' }, data: { arg: '' } }, title: 'Show' });
});

test('input takeover: the field goes to onSubmit, list hidden; back gives it back', async () => {
  const sent: string[] = [];
  const model = createPaletteModel({ items: [copy('a')] });
  model.open();
  model.setInputContext({ placeholder: 'Message…', chipLabel: 'Chat', onSubmit: (text) => void sent.push(text) });
  assert.deepEqual(model.getState().inputContext, { placeholder: 'Message…', chipLabel: 'Chat' });
  model.setQuery('hello there');
  assert.deepEqual(model.getState().rows, []);
  await model.submitInputContext();
  assert.deepEqual(sent, ['hello there']);
  assert.equal(model.getState().query, '');
  assert.equal(model.back(), true);
  assert.equal(model.getState().inputContext, undefined);
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['i:a']);
});

test('the detail surface of the active item: static, async, and failing', async () => {
  const model = createPaletteModel({
    items: [
      { id: 'a', name: 'A', answer: 'x', detail: { root: { piece: 'text', props: { text: 'A' } } } },
      { id: 'b', name: 'B', answer: 'x', detail: async () => ({ root: { piece: 'text', props: { text: 'B' } } }) },
      { id: 'c', name: 'C', answer: 'x', detail: () => Promise.reject(new Error('no preview')) },
      { id: 'd', name: 'D', answer: 'x' },
    ],
  });
  model.open();
  assert.deepEqual(model.getState().detail, { rowKey: 'i:a', surface: { root: { piece: 'text', props: { text: 'A' } } }, loading: false, error: undefined });
  model.setActiveIndex(1);
  assert.equal(model.getState().detail?.loading, true);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(model.getState().detail?.surface, { root: { piece: 'text', props: { text: 'B' } } });
  model.setActiveIndex(2);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(model.getState().detail?.error, 'no preview');
  model.setActiveIndex(3);
  assert.equal(model.getState().detail, undefined);
});

test('typing over a result returns to the filtered list', () => {
  const model = createPaletteModel({ items: [copy('alpha'), copy('beta')] });
  model.open();
  model.showResult('shown');
  model.setQuery('bet');
  assert.equal(model.getState().result, undefined);
  assert.equal(model.getState().rows[0]?.key, 'i:beta');
});
