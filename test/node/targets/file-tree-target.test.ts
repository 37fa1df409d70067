import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFileTreeTarget, createMemoryFileStore, type FileStore } from '../../../core/targets/index.js';

test('parts are the stored paths, sorted, with host descriptions', async () => {
  const store = createMemoryFileStore({ 'b.css': 'b', 'a.html': 'a' });
  const target = createFileTreeTarget(store, { describe: (path) => ({ role: path.split('.').pop()!, label: `File ${path}` }) });
  assert.deepEqual(await target.listParts(), [
    { id: 'a.html', role: 'html', label: 'File a.html' },
    { id: 'b.css', role: 'css', label: 'File b.css' },
  ]);
  assert.equal(await target.readPart({ id: 'b.css' }), 'b');
  await assert.rejects(target.readPart({ id: 'missing.txt' }), /no file is stored at "missing\.txt"/);
});

test('replacePart is an upsert', async () => {
  const store = createMemoryFileStore({ 'a': '1' });
  const target = createFileTreeTarget(store);
  await target.replacePart({ id: 'a', content: '2' });
  await target.replacePart({ id: 'dir/new.txt', content: 'fresh' });
  assert.deepEqual(Object.fromEntries(store.files()), { 'a': '2', 'dir/new.txt': 'fresh' });
});

test('excluded paths can be neither read nor written', async () => {
  const store = createMemoryFileStore({ 'app.js': 'x', '.env': 'KEY=1' });
  const target = createFileTreeTarget(store, { include: (path) => path !== '.env' });
  assert.deepEqual((await target.listParts()).map((p) => p.id), ['app.js']);
  await assert.rejects(target.readPart({ id: '.env' }), /include option excludes it/);
  await assert.rejects(target.replacePart({ id: '.env', content: '' }), /include option excludes it/);
});

test('restore brings back removed and changed files and removes files created since', async () => {
  const store = createMemoryFileStore({ 'a': '1', 'b': '2' });
  const target = createFileTreeTarget(store);
  const before = await target.snapshot();
  assert.ok(Object.isFrozen(before) && Object.isFrozen(before.parts));
  await target.replacePart({ id: 'a', content: 'changed' });
  await target.replacePart({ id: 'c', content: 'new' });
  await store.delete('b');
  await target.restore({ snapshot: before });
  assert.deepEqual(Object.fromEntries(store.files()), { a: '1', b: '2' });
});

test('a snapshot survives a JSON round trip and a path named __proto__', async () => {
  const store = createMemoryFileStore([['__proto__', 'tricky'], ['x', 'y']]);
  const target = createFileTreeTarget(store);
  const snapshot = await target.snapshot();
  assert.equal(snapshot.parts['__proto__'], 'tricky');
  await target.replacePart({ id: '__proto__', content: 'changed' });
  await target.restore({ snapshot: JSON.parse(JSON.stringify(snapshot)) });
  assert.equal(store.files().get('__proto__'), 'tricky');
});

test('the host validator sees the whole prospective tree', async () => {
  const store = createMemoryFileStore({ 'index.html': '<link href="style.css">', 'style.css': 'p{}' });
  const seen: Array<[readonly string[], string | undefined, string | undefined]> = [];
  const target = createFileTreeTarget(store, {
    validate: async (tree) => {
      seen.push([await tree.listPaths(), await tree.readFile(tree.path), await tree.readFile('index.html')]);
      return { ok: true };
    },
  });
  assert.deepEqual(await target.validate({ id: 'new.css', content: 'b{}' }), { ok: true });
  assert.deepEqual(seen, [[['index.html', 'style.css', 'new.css'], 'b{}', '<link href="style.css">']]);
  assert.deepEqual(Object.fromEntries(store.files()), { 'index.html': '<link href="style.css">', 'style.css': 'p{}' }, 'validate writes nothing');
});

test('an asynchronous store works the same way', async () => {
  const backing = new Map([['a.txt', 'A']]);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const store: FileStore = {
    async list() { await tick(); return [...backing.keys()]; },
    async read(path) { await tick(); return backing.get(path); },
    async write(path, content) { await tick(); backing.set(path, content); },
    async delete(path) { await tick(); backing.delete(path); },
  };
  const target = createFileTreeTarget(store);
  const snapshot = await target.snapshot();
  await target.replacePart({ id: 'a.txt', content: 'B' });
  assert.equal(await target.readPart({ id: 'a.txt' }), 'B');
  await target.restore({ snapshot });
  assert.deepEqual(Object.fromEntries(backing), { 'a.txt': 'A' });
});
