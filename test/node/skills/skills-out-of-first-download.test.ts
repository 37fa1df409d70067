import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readEdges, sourceFiles } from '../../support/import-graph.js';

// The skills load with the controller's skills slot, on demand: nothing the drop-in imports
// statically (what a page downloads first) may reach core/skills/. Read from the source, so it holds
// before any build.
const root = fileURLToPath(new URL('../../..', import.meta.url));

test('no static import chain from drop-in.ts reaches core/skills/', () => {
  const files = new Set([...sourceFiles(root, ['core', 'elements']), 'drop-in.ts']);
  const seen = new Map<string, string>([['drop-in.ts', '']]);
  const queue = ['drop-in.ts'];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const edge of readEdges(root, file)) {
      if (edge.dynamic || edge.typeOnly || !files.has(edge.to) || seen.has(edge.to)) continue;
      seen.set(edge.to, file);
      queue.push(edge.to);
    }
  }
  const chain = (file: string): string[] => (file === 'drop-in.ts' ? [file] : [...chain(seen.get(file)!), file]);
  const reached = [...seen.keys()].filter((file) => file.startsWith('core/skills/'));
  assert.deepEqual(reached.map((file) => chain(file).join(' → ')), []);
  assert.ok(seen.size > 50, `the walk reached ${seen.size} files`);
});
