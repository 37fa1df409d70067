import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyEdit,
  applyEdits,
  createFileTreeTarget,
  createMemoryFileStore,
  type EditRequest,
  type EditTarget,
} from '../../../core/targets/index.js';

function tree(files: Record<string, string>, validate?: Parameters<typeof createFileTreeTarget>[1]) {
  const store = createMemoryFileStore(files);
  return { store, target: createFileTreeTarget(store, validate) };
}

test('an edit of a published part is validated and written', async () => {
  const { store, target } = tree({ 'a.txt': 'old', 'b.txt': 'keep' });
  assert.deepEqual(await applyEdit(target, { id: 'a.txt', content: 'new' }), { applied: true, id: 'a.txt' });
  assert.deepEqual(Object.fromEntries(store.files()), { 'a.txt': 'new', 'b.txt': 'keep' });
});

test('an id the target did not publish is refused, even when the store holds that file', async () => {
  const { store, target } = tree({ 'public.txt': 'p', 'secret.env': 's' }, { include: (path) => !path.endsWith('.env') });
  const outcome = await applyEdit(target, { id: 'secret.env', content: 'pwned' });
  assert.equal(outcome.applied, false);
  assert.ok(!outcome.applied && outcome.code === 'unknown-part');
  assert.match(!outcome.applied ? outcome.message : '', /"public\.txt"/);
  assert.equal(store.files().get('secret.env'), 's');
});

test('a model inventing an id cannot create a part through the apply loop', async () => {
  const { store, target } = tree({ 'index.html': '<p>hi</p>' });
  for (const id of ['new-file.js', './index.html', 'index.html ', 'INDEX.HTML', '../index.html', '']) {
    const outcome = await applyEdit(target, { id, content: 'x' });
    assert.ok(!outcome.applied && outcome.code === 'unknown-part', `id ${JSON.stringify(id)} must be refused`);
  }
  assert.deepEqual([...store.files().keys()], ['index.html']);
  assert.equal(store.files().get('index.html'), '<p>hi</p>');
});

test('garbage from a model is refused with a message, never thrown', async () => {
  const { store, target } = tree({ 'a.txt': 'a' });
  const garbage: unknown[] = [null, 42, 'a.txt', [], { id: 7, content: 'x' }, { id: 'a.txt' }, { id: 'a.txt', content: 5 }, { content: 'x' }];
  for (const edit of garbage) {
    const outcome = await applyEdit(target, edit as EditRequest);
    assert.equal(outcome.applied, false);
    assert.ok(!outcome.applied && outcome.message.length > 10);
  }
  assert.equal(store.files().get('a.txt'), 'a');
});

test('content over the size bound is refused and the bound is named', async () => {
  const { store, target } = tree({ 'a.txt': 'a' });
  const outcome = await applyEdit(target, { id: 'a.txt', content: 'x'.repeat(101) }, { maxContentLength: 100 });
  assert.ok(!outcome.applied && outcome.code === 'too-large');
  assert.match(!outcome.applied ? outcome.message : '', /101 characters; the limit is 100/);
  assert.equal(store.files().get('a.txt'), 'a');
  assert.deepEqual(await applyEdit(target, { id: 'a.txt', content: 'x'.repeat(100) }, { maxContentLength: 100 }), { applied: true, id: 'a.txt' });
});

test('a bad option is a host error that names the field', async () => {
  const { target } = tree({ 'a.txt': 'a' });
  await assert.rejects(applyEdit(target, { id: 'a.txt', content: 'b' }, { maxContentLength: 0 }), /ApplyOptions\.maxContentLength/);
});

test('a validation refusal carries the validator message to the model and writes nothing', async () => {
  const { store, target } = tree({ 'data.json': '{}' }, {
    validate: ({ content }) => {
      try {
        JSON.parse(content);
        return { ok: true };
      } catch {
        return { ok: false, code: 'rejected', message: 'data.json is not valid JSON; close every brace.' };
      }
    },
  });
  const outcome = await applyEdit(target, { id: 'data.json', content: '{"a": ' });
  assert.ok(!outcome.applied && outcome.code === 'invalid');
  assert.match(!outcome.applied ? outcome.message : '', /not valid JSON; close every brace/);
  assert.equal(store.files().get('data.json'), '{}');
});

test('a validator or writer that throws becomes a refusal that keeps the error for the host', async () => {
  const { target } = tree({ 'a.txt': 'a' }, { validate: () => { throw new Error('validator bug'); } });
  const outcome = await applyEdit(target, { id: 'a.txt', content: 'b' });
  assert.ok(!outcome.applied && outcome.code === 'target-failed');
  assert.equal(!outcome.applied && (outcome.error as Error).message, 'validator bug');
  assert.doesNotMatch(!outcome.applied ? outcome.message : '', /validator bug/);
});

/** Wraps a target so chosen writes throw, to see the batch put everything back. */
function failingWrites(target: EditTarget, failOn: (id: string) => boolean): EditTarget {
  return {
    ...target,
    async replacePart(edit) {
      if (failOn(edit.id)) {
        await target.replacePart({ id: edit.id, content: 'HALF-WRITTEN' });
        throw new Error('disk full');
      }
      return target.replacePart(edit);
    },
  };
}

test('a batch applies every edit when all are valid', async () => {
  const { store, target } = tree({ 'a': '1', 'b': '2', 'c': '3' });
  const outcome = await applyEdits(target, [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }]);
  assert.deepEqual(outcome, { applied: true, count: 2 });
  assert.deepEqual(Object.fromEntries(store.files()), { a: 'A', b: 'B', c: '3' });
});

test('a batch is all or nothing: a refused edit restores the earlier ones and is reported by position', async () => {
  const { store, target } = tree({ 'a': '1', 'b': '2', 'c': '3' }, {
    validate: ({ content }) => (content.includes('bad') ? { ok: false, code: 'rejected', message: 'the word "bad" is not allowed' } : { ok: true }),
  });
  const outcome = await applyEdits(target, [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }, { id: 'c', content: 'bad' }]);
  assert.ok(!outcome.applied);
  assert.equal(outcome.failedIndex, 2);
  assert.equal(outcome.id, 'c');
  assert.equal(outcome.code, 'invalid');
  assert.equal(outcome.restored, true);
  assert.match(outcome.message, /Edit 3 of 3: .*"bad" is not allowed.*2 earlier edit\(s\)/);
  assert.deepEqual(Object.fromEntries(store.files()), { a: '1', b: '2', c: '3' });
});

test('each edit of a batch is validated against the state left by the previous ones', async () => {
  // The validator needs a.txt and b.txt to agree: only a batch that changes both in order passes.
  const { store, target } = tree({ 'a.txt': 'v1', 'b.txt': 'v1' }, {
    validate: async (tree) => {
      const a = await tree.readFile('a.txt');
      const b = await tree.readFile('b.txt');
      return a === b || tree.path === 'a.txt' ? { ok: true } : { ok: false, code: 'rejected', message: 'a.txt and b.txt must match' };
    },
  });
  assert.deepEqual(await applyEdits(target, [{ id: 'a.txt', content: 'v2' }, { id: 'b.txt', content: 'v2' }]), { applied: true, count: 2 });
  const mismatch = await applyEdits(target, [{ id: 'a.txt', content: 'v3' }, { id: 'b.txt', content: 'v4' }]);
  assert.ok(!mismatch.applied && mismatch.failedIndex === 1);
  assert.deepEqual(Object.fromEntries(store.files()), { 'a.txt': 'v2', 'b.txt': 'v2' });
});

test('a throwing replacePart in a batch restores the state before the batch, byte for byte', async () => {
  const { store, target } = tree({ 'a': 'α\r\n', 'b': '\u0000binary-ish', 'c': '' });
  const flaky = failingWrites(target, (id) => id === 'c');
  const outcome = await applyEdits(flaky, [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }, { id: 'c', content: 'C' }]);
  assert.ok(!outcome.applied && outcome.code === 'target-failed' && outcome.failedIndex === 2 && outcome.restored);
  assert.equal((outcome as { error: Error }).error.message, 'disk full');
  assert.deepEqual(Object.fromEntries(store.files()), { 'a': 'α\r\n', 'b': '\u0000binary-ish', 'c': '' });
});

test('a batch naming one unpublished id writes nothing at all', async () => {
  const { store, target } = tree({ 'a': '1' });
  const outcome = await applyEdits(target, [{ id: 'a', content: 'A' }, { id: 'made-up', content: 'X' }]);
  assert.ok(!outcome.applied && outcome.code === 'unknown-part' && outcome.failedIndex === 1);
  assert.deepEqual(Object.fromEntries(store.files()), { a: '1' });
});

test('a failed restore is reported as such, so the host knows the target may be inconsistent', async () => {
  const { target } = tree({ 'a': '1', 'b': '2' });
  const broken: EditTarget = {
    ...failingWrites(target, (id) => id === 'b'),
    async restore() {
      throw new Error('store offline');
    },
  };
  const outcome = await applyEdits(broken, [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }]);
  assert.ok(!outcome.applied && outcome.code === 'restore-failed' && outcome.restored === false);
});

test('batches that are not lists or are too long are refused before anything is written', async () => {
  const { store, target } = tree({ 'a': '1' });
  const notAList = await applyEdits(target, 'a' as unknown as EditRequest[]);
  assert.ok(!notAList.applied && notAList.code === 'malformed-edit' && notAList.failedIndex === -1);
  const tooMany = await applyEdits(target, Array.from({ length: 4 }, () => ({ id: 'a', content: 'x' })), { maxEdits: 3 });
  assert.ok(!tooMany.applied && tooMany.code === 'too-many-edits');
  assert.deepEqual(await applyEdits(target, []), { applied: true, count: 0 });
  assert.equal(store.files().get('a'), '1');
});

test('huge model input is bounded by default, and a huge invented id is cut short in the message', async () => {
  const { store, target } = tree({ 'a.txt': 'a' });
  const huge = await applyEdit(target, { id: 'a.txt', content: 'x'.repeat(600 * 1024) });
  assert.ok(!huge.applied && huge.code === 'too-large');
  const longId = await applyEdit(target, { id: 'z'.repeat(100_000), content: 'x' });
  assert.ok(!longId.applied && longId.code === 'unknown-part');
  assert.ok(!longId.applied && longId.message.length < 400);
  assert.equal(store.files().get('a.txt'), 'a');
});
