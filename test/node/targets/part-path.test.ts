import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPartPath, createFileTreeTarget, createMemoryFileStore, MAX_PART_PATH_LENGTH } from '../../../core/targets/index.js';

const HOSTILE: ReadonlyArray<readonly [string, RegExp]> = [
  ['../x', /"\.\." segment/],
  ['a/../../b', /"\.\." segment/],
  ['a/..', /"\.\." segment/],
  ['./a', /"\." segment/],
  ['/etc/passwd', /absolute/],
  ['C:\\x', /backslash/],
  ['C:x', /":"/],
  ['a\\b', /backslash/],
  ['a//b', /empty segment/],
  ['a/', /empty segment/],
  ['', /empty/],
  ['%2e%2e/x', /percent escape/],
  ['a/%2F/b', /percent escape/],
  ['a\u0000b', /control character/],
  ['a\nb', /control character/],
  ['a\u007fb', /control character/],
  ['a\u2028b', /control character/],
  ['x'.repeat(MAX_PART_PATH_LENGTH + 1), /limit is 512/],
  [`${'s'.repeat(256)}/a`, /longer than 255/],
];

test('hostile paths are refused with a reason naming the defect', () => {
  for (const [path, reason] of HOSTILE) {
    const check = checkPartPath(path);
    assert.equal(check.ok, false, `${JSON.stringify(path)} must be refused`);
    assert.match(!check.ok ? check.reason : '', reason, JSON.stringify(path));
  }
});

test('non-strings are refused', () => {
  for (const value of [undefined, null, 1, {}, ['a']]) assert.equal(checkPartPath(value).ok, false);
});

test('ordinary relative paths pass and come back in NFC form', () => {
  for (const path of ['index.html', 'src/app.ts', '.github/workflows/ci.yml', 'docs/read me.md', 'a/...x', '中文/檔案.txt', '__proto__']) {
    assert.deepEqual(checkPartPath(path), { ok: true, path });
  }
  assert.deepEqual(checkPartPath('cafe\u0301.md'), { ok: true, path: 'caf\u00e9.md' });
});

test('the file-tree target refuses hostile paths at every entry point and never publishes them', async () => {
  const store = createMemoryFileStore([['ok.txt', 'ok'], ['../escape', 'x'], ['/abs', 'y'], ['a//b', 'z'], ['cafe\u0301', 'nfd']]);
  const target = createFileTreeTarget(store);
  assert.deepEqual((await target.listParts()).map((part) => part.id), ['ok.txt']);
  for (const [path] of HOSTILE) {
    await assert.rejects(target.readPart({ id: path }), /dddk: cannot read file/);
    await assert.rejects(target.replacePart({ id: path, content: 'x' }), /dddk: cannot write file/);
    const verdict = await target.validate({ id: path, content: 'x' });
    assert.ok(!verdict.ok && verdict.code === 'invalid-path' && verdict.message.includes('is not allowed'));
  }
  assert.equal(store.files().size, 5, 'nothing was written');
});

test('restoring a tampered snapshot with a hostile path is refused before anything is written', async () => {
  const store = createMemoryFileStore({ 'a': '1' });
  const target = createFileTreeTarget(store);
  const tampered = { id: 'forged', parts: { 'a': 'changed', '../escape': 'x' } };
  await assert.rejects(target.restore({ snapshot: tampered }), /cannot restore file "\.\.\/escape"/);
  assert.deepEqual(Object.fromEntries(store.files()), { a: '1' });
});
