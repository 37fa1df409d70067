// The published shape: `dddk/core` loads in plain Node from dist/ without side effects, and the
// package's files say what package.json promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('every file the exports map names exists after the build', () => {
  const missing: string[] = [];
  for (const [entry, target] of Object.entries<string | Record<string, string>>(pkg.exports)) {
    const paths = typeof target === 'string' ? [target] : Object.values(target);
    for (const path of paths) if (!existsSync(join(root, path))) missing.push(`${entry} → ${path}`);
  }
  assert.deepEqual(missing, []);
});

test('dddk/core imports in Node from dist/ with its public API and no custom element registry', async () => {
  // A variable specifier keeps the type-check independent of whether dist/ has been built yet.
  const specifier = 'dddk/core';
  const core = await import(specifier);
  assert.equal(typeof core.createDddk, 'function');
  assert.equal(typeof core.openAICompatible, 'function');
  assert.equal(typeof core.anthropic, 'function');
  assert.equal('customElements' in globalThis, false);
});

test('the build carries type declarations, and the drop-in a source map for local debugging', () => {
  for (const file of ['dist/dddk.min.js.map', 'dist/index.d.ts', 'dist/core/index.d.ts', 'dist/elements/index.d.ts', 'dist/server/index.d.ts']) {
    assert.ok(existsSync(join(root, file)), `${file} is missing`);
  }
  // External maps: the bundle names none, so a site that does not publish them gets no 404s.
  assert.doesNotMatch(readFileSync(join(root, 'dist/dddk.min.js'), 'utf8'), /sourceMappingURL/);
});

test('the published package holds no source maps and no build metafile (it has absolute paths)', () => {
  const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  const files: string[] = JSON.parse(packed)[0].files.map((file: { path: string }) => file.path);
  assert.ok(files.includes('dist/server/index.js'), 'dist/server/index.js is not packed');
  assert.deepEqual(files.filter((file) => file.endsWith('.map') || file.endsWith('meta.json')), []);
});

test('dddk/server imports in Node with its handlers, and touches no DOM', async () => {
  const specifier = 'dddk/server';
  const server = await import(specifier);
  for (const name of ['createLlmProxy', 'createPageStoreHandler', 'createSessionHandler', 'createSessionTokens', 'memoryPageBackend', 'postgresPageBackend', 'memoryLimiter', 'redisLimiter']) {
    assert.equal(typeof server[name], 'function', `dddk/server has no ${name}`);
  }
  const nodeSpecifier = 'dddk/server/node';
  const node = await import(nodeSpecifier);
  for (const name of ['toNodeListener', 'filePageBackend']) assert.equal(typeof node[name], 'function', `dddk/server/node has no ${name}`);
  assert.equal('document' in globalThis, false);
});

test('dddk/server loads no node: module (Workers and Deno run it as it is); dddk/server/node holds those', () => {
  const reached = new Set<string>();
  const pending = ['dist/server/index.js'];
  const nodeModules: string[] = [];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    const source = readFileSync(join(root, file), 'utf8');
    for (const [, specifier] of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
      if (specifier!.startsWith('node:')) nodeModules.push(`${file} → ${specifier}`);
      else if (specifier!.startsWith('.')) pending.push(join(dirname(file), specifier!));
    }
  }
  assert.ok(reached.size > 30, `${reached.size} files reached`);
  assert.deepEqual(nodeModules, []);
});

test('custom-elements.json is referenced by package.json and lists <dddk-subtitle>', () => {
  assert.equal(pkg.customElements, 'custom-elements.json');
  const manifest = JSON.parse(readFileSync(join(root, pkg.customElements), 'utf8'));
  const declarations = manifest.modules.flatMap((m: { declarations?: unknown[] }) => m.declarations ?? []);
  const subtitle = declarations.find((d: { tagName?: string }) => d.tagName === 'dddk-subtitle');
  assert.ok(subtitle, 'no declaration with tagName dddk-subtitle');
  assert.ok(subtitle.attributes?.length > 0, 'no attributes listed');
  assert.ok(subtitle.events?.length > 0, 'no events listed');
  assert.ok(subtitle.cssParts?.length > 0, 'no CSS parts listed');
});
