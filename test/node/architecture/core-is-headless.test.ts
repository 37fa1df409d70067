import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const coreDir = join(root, 'core');

function coreModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return coreModules(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

interface ProbeReport {
  resolved: Array<{ specifier: string; parent: string | null; url: string }>;
  touched: Array<{ global: string; stack: string }>;
  failures: Array<{ file: string; error: string }>;
}

const modules = coreModules(coreDir);
const report: ProbeReport = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'test/support/core-import-probe.ts'), ...modules], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  }),
);

test('there are core modules to check', () => {
  assert.ok(modules.length > 0, 'no .ts file found under core/');
});

test('every core module loads in Node', () => {
  assert.deepEqual(report.failures, []);
});

test('no core module touches document or window at import time', () => {
  const where = report.touched.map((t) => `${t.global}\n${t.stack.split('\n').slice(2, 5).join('\n')}`);
  assert.deepEqual(where, []);
});

test('the core import graph reaches neither lit nor elements/', () => {
  const elementsDir = join(root, 'elements') + sep;
  const offending = report.resolved
    .filter(({ url }) => url.startsWith('file:'))
    .filter(({ url }) => {
      const path = fileURLToPath(url);
      return path.startsWith(elementsDir) || /[\\/]node_modules[\\/](lit|lit-html|lit-element|@lit)[\\/]/.test(path);
    })
    .map(({ specifier, parent }) => `${specifier} (from ${parent ? relative(root, fileURLToPath(parent)) : '?'})`);
  assert.deepEqual(offending, []);
  assert.ok(report.resolved.length >= modules.length, 'the resolve hook recorded too little to be trusted');
});
