import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChunkLoadError, lazyModule } from '../../../core/util/lazy-module.js';

test('a lazy module loads once and keeps the value', async () => {
  let imports = 0;
  const module = lazyModule('the thing', async () => {
    imports++;
    return { value: 42 };
  });
  assert.equal(module.loaded, undefined);
  const [a, b] = await Promise.all([module.load(), module.load()]);
  assert.equal(a, b);
  assert.equal(imports, 1);
  assert.deepEqual(module.loaded, { value: 42 });
  await module.load();
  assert.equal(imports, 1);
});

test('a failed load names the feature and the chunks folder, and the next load tries again', async () => {
  let attempts = 0;
  const module = lazyModule('the subtitle bar', async () => {
    attempts++;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return 'ok';
  });
  await assert.rejects(module.load(), (error: unknown) => {
    assert.ok(error instanceof ChunkLoadError);
    assert.equal(error.code, 'chunk_load_failed');
    assert.match(error.message, /could not load the subtitle bar/);
    assert.match(error.message, /chunks\/ folder/);
    assert.match(String((error.cause as Error).message), /Failed to fetch/);
    return true;
  });
  assert.equal(module.loaded, undefined);
  assert.equal(await module.load(), 'ok');
  assert.equal(attempts, 2);
});

test('an importer that throws synchronously is a failed load, not a crash', async () => {
  const module = lazyModule('a chunk', () => {
    throw new Error('sync');
  });
  await assert.rejects(module.load(), ChunkLoadError);
});
