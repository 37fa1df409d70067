import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { functionSizes } from '../../support/function-sizes.js';
import { cycles, dynamicImportOffsets, readEdges, sourceFiles, stripComments } from '../../support/import-graph.js';

// The architecture of DESIGN.md, checked on the import graph and the sizes of the source files, so a
// change that breaks a layer fails here with the files named.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const files = [...sourceFiles(root, ['core', 'elements', 'server']), 'index.ts', 'drop-in.ts'];
const edges = files.flatMap((file) => readEdges(root, file));
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
// A factory builds an object of methods in one closure; its size is the size of what it makes.
const FACTORY = /^(create|connect)[A-Z]/;

test('the graph was read', () => {
  assert.ok(files.length > 300, `${files.length} files`);
  assert.ok(edges.length > 1000, `${edges.length} imports`);
});

test('no import cycles, type-only imports included', () => {
  assert.deepEqual(cycles(files, edges), []);
});

test('core never imports elements or lit', () => {
  const offending = edges.filter((edge) => edge.from.startsWith('core/') && (edge.to.startsWith('elements/') || /^(lit|@lit)(\/|$)/.test(edge.to)));
  assert.deepEqual(offending.map((edge) => `${edge.from} → ${edge.to}`), []);
});

test('the server half imports only itself and core (the same validators), and core never imports it', () => {
  const offending = edges.filter(
    (edge) =>
      (edge.from.startsWith('server/') && (edge.to.startsWith('elements/') || /^(lit|@lit)(\/|$)/.test(edge.to) || edge.to === 'index.ts' || edge.to === 'drop-in.ts')) ||
      (!edge.from.startsWith('server/') && edge.to.startsWith('server/')),
  );
  assert.deepEqual(offending.map((edge) => `${edge.from} → ${edge.to}`), []);
});

test('the hubs (strings, events) import nothing from the features', () => {
  const hubs = ['core/i18n/', 'core/events/'];
  const allowed = [...hubs, 'core/util/'];
  const offending = edges.filter((edge) => hubs.some((hub) => edge.from.startsWith(hub)) && edge.to.startsWith('core/') && !allowed.some((dir) => edge.to.startsWith(dir)));
  assert.deepEqual(offending.map((edge) => `${edge.from} → ${edge.to}`), []);
});

test('elements never make a model or a store: they get them from the controller or from core', () => {
  const factory = /^create\w*(Model|Store|Registry)$|^createPlacements$/;
  const offending = edges.filter((edge) => edge.from.startsWith('elements/') && !edge.typeOnly && edge.names.some((name) => factory.test(name)));
  assert.deepEqual(offending.map((edge) => `${edge.from} imports ${edge.names.filter((name) => factory.test(name)).join(', ')}`), []);
});

test('every import() goes through lazyModule()', () => {
  const offending: string[] = [];
  for (const file of files) {
    const text = stripComments(readFileSync(join(root, file), 'utf8'));
    const calls = [...text.matchAll(/\blazyModule\s*(?:<[^()]*?>)?\s*\(/g)].map((match) => (match.index ?? 0) + match[0].length);
    for (const offset of dynamicImportOffsets(text)) {
      const start = calls.filter((call) => call <= offset).at(-1);
      if (start === undefined || !insideCall(text, start, offset)) offending.push(`${file}:${text.slice(0, offset).split('\n').length}`);
    }
  }
  assert.deepEqual(offending, []);
});

test(`no source file in core/, elements/ or server/ is over ${MAX_FILE_LINES} lines`, () => {
  const long = files
    .filter((file) => /^(core|elements|server)\//.test(file))
    .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_FILE_LINES)
    .map(({ file, lines }) => `${file}: ${lines}`);
  assert.deepEqual(long, []);
});

test(`no function but a factory is over ${MAX_FUNCTION_LINES} lines`, () => {
  const long = files.flatMap((file) =>
    functionSizes(join(root, file))
      .filter((size) => size.lines > MAX_FUNCTION_LINES && !FACTORY.test(size.name))
      .map((size) => `${file}:${size.line} ${size.name} (${size.lines} lines)`),
  );
  assert.deepEqual(long, []);
});

/** Whether `offset` lies inside the call whose arguments start at `start` (parentheses balanced). */
function insideCall(text: string, start: number, offset: number): boolean {
  let depth = 1;
  for (let index = start; index < offset; index++) {
    const char = text[index];
    if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return false;
  }
  return true;
}
