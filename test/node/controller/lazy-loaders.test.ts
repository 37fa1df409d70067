import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadParse5 } from '../../../core/targets/lazy-parse5.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

test('loadParse5() resolves to parse5 and memoizes the module', async () => {
  const first = loadParse5();
  assert.equal(loadParse5(), first);
  const parse5 = await first;
  assert.equal(typeof parse5.parseFragment, 'function');
  const fragment = parse5.parseFragment('<p>hi</p>');
  assert.equal(fragment.childNodes.length, 1);
});

test('a failed load rejects with an error naming the chunk, and the next call tries again', () => {
  // A resolve hook that fails the first import of parse5, as an unreachable chunk would.
  const dir = mkdtempSync(join(tmpdir(), 'dddk-lazy-'));
  const hook = join(dir, 'fail-once.mjs');
  writeFileSync(
    hook,
    `let failed = false;
export async function resolve(specifier, context, next) {
  if (specifier === 'parse5' && !failed) { failed = true; throw new Error('network down'); }
  return next(specifier, context);
}`,
  );
  const script = `
import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hook).href)});
const { loadParse5 } = await import(${JSON.stringify(pathToFileURL(join(root, 'core/targets/lazy-parse5.ts')).href)});
const out = {};
try { await loadParse5(); out.first = 'resolved'; } catch (error) { out.first = error.message; out.cause = error.cause?.message; }
try { const m = await loadParse5(); out.second = typeof m.parse; } catch (error) { out.second = 'rejected: ' + error.message; }
console.log(JSON.stringify(out));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
  assert.match(result.first, /could not load parse5/);
  assert.match(result.first, /chunks\//);
  assert.equal(result.cause, 'network down');
  assert.equal(result.second, 'function');
});
