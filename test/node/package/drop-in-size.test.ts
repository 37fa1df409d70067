// The drop-in's first download (dist/dddk.min.js and the chunks it imports statically) holds the
// controller, the models and the elements; the web agent comes in a chunk loaded on the first task.
// Reads the esbuild metafile the build writes (dist/meta.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// Type-only: the drop-in registers elements when it runs, which Node cannot do.
import type * as DropIn from '../../../drop-in.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRY = 'dist/dddk.min.js';
/**
 * The elements' target: every element and the core a page needs at first paint in at most 60 KB
 * gzip (page-agent's drop-in alone is 63 KB). About 53 KB when the elements' views went lazy.
 */
const INITIAL_GZIP_BUDGET = 60 * 1024;

/** Modules of the web agent and what only it uses: none may be in the first download. */
const AGENT_MODULES = [
  /^core\/loop\//,
  /^core\/page\/(read-dom|actions|overlays|forms|cursor|screenshot|context)\//,
  /^core\/prompts\//,
  /^core\/llm\/guide\//,
  // The palette ranks by frecency and marks matched ranges at first paint; the fuzzy matcher and the
  // full-text search load later.
  /^core\/search\/(?!heat-rank\.ts$|fuzzy\/(?:highlight|ranges)\.ts$)/,
  /^core\/agent\/session\/session-store\.ts$/,
  /^core\/agent\/web-agent\/(web-agent|agent-run|agent-tools|turn-prompt|make-plan)\.ts$/,
  /^core\/agent\/web-agent\/wiring\/(controller-agent|loop-closure|agent-bus)\.ts$/,
  /node_modules\/(minisearch|parse5|html2canvas)\//,
];

/** What a page takes from the drop-in to set itself up (the demo uses the first three). */
const PAGE_API: Array<keyof typeof DropIn> = [
  'createDddk',
  'setDefaultController',
  'openAICompatible',
  'anthropic',
  'getDefaultController',
  'createLLMRouter',
  'loadCore',
  'defineElements',
];

interface Metafile {
  outputs: Record<
    string,
    { bytes: number; inputs: Record<string, unknown>; exports?: string[]; imports: Array<{ path: string; kind: string; external?: boolean }> }
  >;
}

function readMetafile(): Metafile {
  try {
    return JSON.parse(readFileSync(join(root, 'dist', 'meta.json'), 'utf8')) as Metafile;
  } catch (error) {
    throw new Error(`dist/meta.json cannot be read (${(error as Error).message}); run \`npm run build\` first`);
  }
}

function initialFiles(outputs: Metafile['outputs']): string[] {
  const seen = new Set([ENTRY]);
  const queue = [ENTRY];
  while (queue.length > 0) {
    for (const imported of outputs[queue.shift()!]!.imports) {
      if (imported.kind === 'import-statement' && !imported.external && !seen.has(imported.path)) {
        seen.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return [...seen];
}

const inputsOf = (outputs: Metafile['outputs'], files: string[]) =>
  files.flatMap((file) => Object.keys(outputs[file]!.inputs)).map((input) => input.split(/[\\/]/).join('/'));

test('the web agent is not in the drop-in’s first download, but in a chunk it imports on demand', () => {
  const { outputs } = readMetafile();
  assert.ok(outputs[ENTRY], `dist/meta.json describes no ${ENTRY}`);
  const initial = initialFiles(outputs);
  const initialInputs = inputsOf(outputs, initial);
  const misplaced = initialInputs.filter((input) => AGENT_MODULES.some((pattern) => pattern.test(input)));
  assert.deepEqual(misplaced, [], 'agent modules in the first download');
  assert.ok(initialInputs.includes('core/controller/create-dddk.ts'), 'the controller is in the first download');
  assert.ok(initialInputs.includes('core/agent/web-agent/wiring/lazy-controller-agent.ts'), 'so is what loads the agent');

  const agentChunk = Object.keys(outputs).find((file) => 'core/agent/web-agent/wiring/controller-agent.ts' in outputs[file]!.inputs);
  assert.ok(agentChunk, 'no chunk holds the controller’s agent');
  const loadedOnDemand = initial.some((file) => outputs[file]!.imports.some((imported) => imported.kind === 'dynamic-import' && imported.path === agentChunk));
  assert.ok(loadedOnDemand, `${agentChunk} is not imported dynamically from the first download`);
  const agentCode = inputsOf(outputs, [agentChunk, ...outputs[agentChunk]!.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)]);
  for (const module of ['core/loop/engine.ts', 'core/page/read-dom/read-dom.ts', 'core/agent/web-agent/web-agent.ts']) {
    assert.ok(agentCode.includes(module), `${module} does not come with the agent's chunk`);
  }
});

test('the drop-in exports what a page needs to set the kit up, and loadCore() for the rest', () => {
  const { outputs } = readMetafile();
  const exported = outputs[ENTRY]?.exports ?? [];
  assert.deepEqual(PAGE_API.filter((name) => !exported.includes(name)), []);
});

test(`the drop-in's first download stays under ${INITIAL_GZIP_BUDGET / 1024} KB gzip`, () => {
  const { outputs } = readMetafile();
  const gzip = initialFiles(outputs).reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0);
  assert.ok(gzip < INITIAL_GZIP_BUDGET, `the first download is ${(gzip / 1024).toFixed(1)} KB gzip, over the ${INITIAL_GZIP_BUDGET / 1024} KB budget`);
});
