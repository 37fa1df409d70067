import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The public surface is pinned by api-report/: a change to it fails here until the reports are
// regenerated (`npm run api-report`) and committed, so every change of the API is a reviewed one.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const MAX_CORE_VALUES = 150;

test('dddk/core exports at most 150 runtime values', async () => {
  const core = (await import(pathToFileURL(join(root, 'dist/core/index.js')).href)) as Record<string, unknown>;
  const count = Object.keys(core).length;
  assert.ok(count <= MAX_CORE_VALUES, `dddk/core exports ${count} runtime values; move internals to core/internals.ts`);
  assert.equal(typeof core.createDddk, 'function');
});

test('the checked-in API reports match the built declarations', { timeout: 180_000 }, async () => {
  const script = pathToFileURL(join(root, 'scripts/api-report.mjs')).href;
  const { buildReports } = (await import(script)) as { buildReports(): Promise<Record<string, string>> };
  const reports = await buildReports();
  const stale: string[] = [];
  for (const [name, text] of Object.entries(reports)) {
    const file = join(root, 'api-report', `${name}.api.md`);
    let checkedIn = '';
    try {
      checkedIn = readFileSync(file, 'utf8');
    } catch {
      // A missing report counts as stale.
    }
    if (checkedIn !== text) stale.push(`api-report/${name}.api.md`);
  }
  assert.deepEqual(stale, [], 'the public API changed: run `npm run api-report`, review the diff and commit api-report/');
});
