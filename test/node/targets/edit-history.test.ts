import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdit, createEditHistory, createFileTreeTarget, createMemoryFileStore } from '../../../core/targets/index.js';

function setup(files: Record<string, string>, limit?: number) {
  const store = createMemoryFileStore(files);
  const target = createFileTreeTarget(store);
  const history = createEditHistory(target, limit === undefined ? {} : { limit });
  return { store, target, history, files: () => Object.fromEntries(store.files()) };
}

test('record before a change, then undo and redo restore exact bytes', async () => {
  const { target, history, files } = setup({ 'a.txt': 'line\r\n\ttab é' });
  await history.record('rewrite a');
  await applyEdit(target, { id: 'a.txt', content: 'rewritten' });
  assert.ok(history.canUndo && !history.canRedo);
  assert.deepEqual(history.entries.map((e) => e.label), ['rewrite a']);

  assert.equal(await history.undo(), true);
  assert.deepEqual(files(), { 'a.txt': 'line\r\n\ttab é' });
  assert.ok(!history.canUndo && history.canRedo);
  assert.deepEqual(history.redoEntries.map((e) => e.label), ['rewrite a']);

  assert.equal(await history.redo(), true);
  assert.deepEqual(files(), { 'a.txt': 'rewritten' });
  assert.equal(await history.redo(), false);
});

test('commit after a change measures it against the previous state', async () => {
  const { target, history, files } = setup({ 'a': '0' });
  await history.ready;
  await target.replacePart({ id: 'a', content: '1' });
  assert.equal(await history.commit('one'), true);
  await target.replacePart({ id: 'a', content: '2' });
  assert.equal(await history.commit('two'), true);
  assert.equal(await history.commit('nothing changed'), false);
  assert.deepEqual(history.entries.map((e) => e.label), ['one', 'two']);
  await history.undo();
  assert.deepEqual(files(), { a: '1' });
  await history.undo();
  assert.deepEqual(files(), { a: '0' });
  assert.equal(await history.undo(), false);
  await history.redo();
  await history.redo();
  assert.deepEqual(files(), { a: '2' });
});

test('record then commit makes one entry, labelled by the commit', async () => {
  const { target, history } = setup({ 'a': '0' });
  await history.record();
  await target.replacePart({ id: 'a', content: '1' });
  assert.equal(await history.commit('set a to 1'), true);
  assert.deepEqual(history.entries.map((e) => e.label), ['set a to 1']);
});

test('a new change clears redo', async () => {
  const { target, history, files } = setup({ 'a': '0' });
  await history.record('first');
  await target.replacePart({ id: 'a', content: '1' });
  await history.undo();
  assert.ok(history.canRedo);
  await history.record('second');
  await target.replacePart({ id: 'a', content: '2' });
  assert.ok(!history.canRedo);
  assert.equal(await history.redo(), false);
  assert.deepEqual(files(), { a: '2' });
});

test('undo also removes a file the change created', async () => {
  const { target, history, files } = setup({ 'a': '0' });
  await history.record('add b');
  await target.replacePart({ id: 'b', content: 'new' });
  await history.undo();
  assert.deepEqual(files(), { a: '0' });
  await history.redo();
  assert.deepEqual(files(), { a: '0', b: 'new' });
});

test('the limit evicts the oldest entries', async () => {
  const { target, history, files } = setup({ 'a': '0' }, 2);
  for (const step of ['1', '2', '3']) {
    await history.record(`to ${step}`);
    await target.replacePart({ id: 'a', content: step });
  }
  assert.deepEqual(history.entries.map((e) => e.label), ['to 2', 'to 3']);
  await history.undo();
  await history.undo();
  assert.equal(await history.undo(), false);
  assert.deepEqual(files(), { a: '1' }, 'the state before the evicted change is no longer reachable');
});

test('concurrent undo calls run one after the other', async () => {
  const { target, history, files } = setup({ 'a': '0' });
  for (const step of ['1', '2']) {
    await history.record();
    await target.replacePart({ id: 'a', content: step });
  }
  assert.deepEqual(await Promise.all([history.undo(), history.undo(), history.undo()]), [true, true, false]);
  assert.deepEqual(files(), { a: '0' });
});

test('clear forgets entries and leaves the target alone', async () => {
  const { target, history, files } = setup({ 'a': '0' });
  await history.record();
  await target.replacePart({ id: 'a', content: '1' });
  await history.clear();
  assert.ok(!history.canUndo && !history.canRedo);
  assert.deepEqual(files(), { a: '1' });
});

test('a bad limit names the option', () => {
  const target = createFileTreeTarget(createMemoryFileStore());
  assert.throws(() => createEditHistory(target, { limit: 0 }), /EditHistoryOptions\.limit/);
  assert.throws(() => createEditHistory(target, { limit: 1.5 }), /EditHistoryOptions\.limit/);
});
