import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// A folder README whose table is headed `| file |` is that folder's map: it must name every source
// file in the folder, and only files that exist, so a newcomer can trust it.
const root = fileURLToPath(new URL('../../..', import.meta.url));

function readmes(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return readmes(path);
    return name === 'README.md' ? [path] : [];
  });
}

/** The files named in the first column of the README's `| file |` tables. */
function filesNamed(markdown: string): string[] | undefined {
  const lines = markdown.split('\n');
  const named: string[] = [];
  let inFileTable = false;
  let sawTable = false;
  for (const line of lines) {
    if (/^\|\s*file\s*\|/i.test(line)) {
      inFileTable = true;
      sawTable = true;
      continue;
    }
    if (!line.startsWith('|')) {
      inFileTable = false;
      continue;
    }
    if (!inFileTable || /^\|\s*-/.test(line)) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([^`]+\.ts)`/g)) named.push(match[1]!);
  }
  return sawTable ? named : undefined;
}

const mapped = [...readmes(join(root, 'core')), ...readmes(join(root, 'elements')), ...readmes(join(root, 'server'))]
  .map((path) => ({ path, named: filesNamed(readFileSync(path, 'utf8')) }))
  .filter((readme): readme is { path: string; named: string[] } => readme.named !== undefined);

test('some folder READMEs carry a file table', () => {
  assert.ok(mapped.length >= 3, `found ${mapped.length} READMEs with a "| file |" table`);
});

for (const { path, named } of mapped) {
  const folder = dirname(path);
  const where = relative(root, path);
  test(`${where}: its file table names exactly the folder's source files`, () => {
    const missing = named.filter((file) => !existsSync(join(folder, file)));
    assert.deepEqual(missing, [], `${where} names files that do not exist`);
    // index.ts only gathers the folder's exports, so a table may leave it out.
    const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'));
    const omitted = sources.filter((file) => !named.includes(file));
    assert.deepEqual(omitted, [], `${where} leaves out files of its folder`);
  });
}
