import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  applyEdit,
  applyEdits,
  createEditHistory,
  createFileTreeTarget,
  createMemoryFileStore,
  type EditRequest,
} from '../../../core/targets/index.js';

const PATHS = ['index.html', 'src/app.ts', 'src/deep/util.ts', 'README.md', '中文.txt'];
// What a model might send instead of a published id.
const INVENTED_IDS = ['../x', '/etc/passwd', 'a/../../b', 'C:\\x', 'a//b', '%2e%2e/x', './index.html', 'src', 'new.js', '', 'INDEX.HTML', 'index.html\u0000'];

const content = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', '\r\n', '\u0000', '<script>', 'REJECT this', 'x'.repeat(70)),
);
const id = fc.oneof(fc.constantFrom(...PATHS), fc.constantFrom(...INVENTED_IDS), fc.string({ maxLength: 12 }));
// Mostly well-formed edits, sometimes the shapes a confused model produces.
const edit: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ id, content }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
  { weight: 1, arbitrary: fc.record({ id, content: fc.integer() }) },
);
const operation = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), edit }),
  fc.record({ kind: fc.constant('batch' as const), edits: fc.array(edit, { maxLength: 4 }) }),
);
const initialFiles = fc.uniqueArray(fc.constantFrom(...PATHS), { minLength: 1 }).chain((paths) =>
  fc.tuple(...paths.map((path) => fc.tuple(fc.constant(path), fc.string({ unit: 'binary', maxLength: 20 })))),
);

type Files = Record<string, string>;

/** The expected tree after a list of edits, or undefined if any of them should be refused. */
function expectedAfter(files: Files, edits: readonly unknown[]): Files | undefined {
  const next = { ...files };
  for (const candidate of edits) {
    if (typeof candidate !== 'object' || candidate === null) return undefined;
    const { id, content } = candidate as { id?: unknown; content?: unknown };
    if (typeof id !== 'string' || !Object.hasOwn(files, id) || typeof content !== 'string') return undefined;
    if (content.length > 64 || content.includes('REJECT')) return undefined;
    next[id] = content;
  }
  return next;
}

test('random edits change only the parts they name, and undo restores every earlier state byte for byte', async () => {
  await fc.assert(
    fc.asyncProperty(initialFiles, fc.array(operation, { maxLength: 12 }), async (entries, operations) => {
      const store = createMemoryFileStore(entries);
      const target = createFileTreeTarget(store, {
        validate: ({ content }) => (content.includes('REJECT') ? { ok: false, code: 'rejected', message: 'REJECT is a forbidden word' } : { ok: true }),
      });
      const history = createEditHistory(target, { limit: 100 });
      const options = { maxContentLength: 64 };
      const current = (): Files => Object.fromEntries(store.files());
      const states: Files[] = [];

      for (const op of operations) {
        const before = current();
        states.push(before);
        await history.record(op.kind);
        const edits = op.kind === 'single' ? [op.edit] : op.edits;
        const expected = expectedAfter(before, edits);
        const outcome =
          op.kind === 'single'
            ? await applyEdit(target, op.edit as EditRequest, options)
            : await applyEdits(target, op.edits as EditRequest[], options);
        assert.equal(outcome.applied, expected !== undefined, JSON.stringify(edits));
        if (!outcome.applied) assert.ok(outcome.message.length > 0);
        assert.deepEqual(current(), expected ?? before);
      }

      for (const earlier of states.reverse()) {
        assert.equal(await history.undo(), true);
        assert.deepEqual(current(), earlier);
      }
      assert.equal(await history.undo(), false);
      assert.deepEqual(current(), Object.fromEntries(entries));
    }),
    { numRuns: 200 },
  );
});
