// `npm run build`: the unbundled ESM build with declarations (tsc), the drop-in bundle
// dist/dddk.min.js (from drop-in.ts) with lazy chunks (esbuild), dist/theme.css, and custom-elements.json.
// `--bundle-only` rebuilds the drop-in and the theme, leaving the tsc output and the manifest alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { firstDownloadPlugin } from './first-download-plugin.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const bundleOnly = process.argv.includes('--bundle-only');

const DROP_IN_ENTRY = 'drop-in.ts';

/**
 * Code too big for the first paint: each must sit in a chunk reached only through `import()`.
 * `module` names a package (node_modules/<name>/) or a source file; `loader` says how to reach it.
 */
const LAZY_CODE = [
  { module: 'parse5', loader: 'loadParse5() in core/targets/lazy-parse5.ts' },
  { module: 'html2canvas', loader: 'loadHtml2canvas() in core/page/lazy-html2canvas.ts' },
  { module: 'marked', loader: 'loadMarkdownRenderer() in elements/internal/markdown/lazy-markdown.ts' },
  { module: 'dompurify', loader: 'loadHtmlSanitizer() in core/page/sanitize/lazy-html-sanitizer.ts, loadMarkdownRenderer() in elements/internal/markdown/lazy-markdown.ts' },
  // The element views that are not needed until they first show.
  { module: 'elements/subtitle/subtitle-ui.ts', loader: 'subtitleUiModule in elements/subtitle/lazy-subtitle-ui.ts' },
  { module: 'elements/surface/surface-runtime.ts', loader: 'surfaceRuntime in elements/surface/lazy-surface-runtime.ts' },
  { module: 'elements/palette/palette-panel.ts', loader: 'panelModule (lazyModule) in elements/palette/palette.component.ts' },
  // The web agent: the loop engine and the page reader stand for the rest of it.
  { module: 'core/loop/engine.ts', loader: 'createLazyControllerAgent() in core/agent/web-agent/wiring/lazy-controller-agent.ts' },
  { module: 'core/page/read-dom/read-dom.ts', loader: 'createLazyControllerAgent() in core/agent/web-agent/wiring/lazy-controller-agent.ts' },
];

class BuildError extends Error {}

async function main() {
  if (bundleOnly) {
    for (const path of ['chunks', 'dddk.min.js', 'dddk.min.js.map', 'meta.json', 'theme.css']) {
      rmSync(join(dist, path), { recursive: true, force: true });
    }
  } else {
    rmSync(dist, { recursive: true, force: true });
    await step('tsc: dist/**/*.js, .d.ts and maps', compileModules);
    await step('dist: every relative import resolves', checkRelativeImports);
    await step('dist/core/index.js imports in Node', checkCoreLoadsInNode);
  }
  await step('esbuild: dist/dddk.min.js and its chunks', bundleDropIn);
  await step('dist/theme.css', buildTheme);
  if (!bundleOnly) await step('dist/interop: the React and Vue demo pages', async () => (await import('./build-interop-demo.mjs')).buildInteropDemo());
  if (!bundleOnly) await step('custom-elements.json', analyzeElements);
}

async function step(label, action) {
  const started = performance.now();
  await action();
  console.log(`✓ ${label} (${Math.round(performance.now() - started)} ms)`);
}

function compileModules() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new BuildError('tsc -p tsconfig.build.json reported errors (see above)');
}

function listFiles(dir, predicate) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listFiles(path, predicate);
    return predicate(path) ? [path] : [];
  });
}

// ESM in Node and in browsers needs the full file name of every relative import; tsc keeps the
// specifiers as written, so a missing `.js` in the source would only fail at a user's import.
function checkRelativeImports() {
  const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*)\1/g;
  const broken = [];
  for (const file of listFiles(dist, (path) => path.endsWith('.js') || path.endsWith('.d.ts'))) {
    const source = readFileSync(file, 'utf8');
    for (const [, , specifier] of source.matchAll(specifierPattern)) {
      let target = resolve(dirname(file), specifier);
      // A .d.ts names the .js it describes; its declarations sit beside it.
      if (file.endsWith('.d.ts') && target.endsWith('.js')) target = target.replace(/\.js$/, '.d.ts');
      if (!existsSync(target) || statSync(target).isDirectory()) {
        broken.push(`${relative(root, file)}: "${specifier}"`);
      }
    }
  }
  if (broken.length > 0) {
    throw new BuildError(
      `relative imports in dist/ that do not resolve to a file (write them with the .js extension):\n  ${broken.join('\n  ')}`,
    );
  }
}

function checkCoreLoadsInNode() {
  const url = pathToFileURL(join(dist, 'core', 'index.js')).href;
  const script = `const core = await import(${JSON.stringify(url)});
if (typeof core.createDddk !== 'function') throw new Error('dist/core/index.js does not export createDddk');`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new BuildError(`dist/core/index.js does not load in Node:\n${result.stderr.trim()}`);
  }
}

async function bundleDropIn() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { 'dddk.min': DROP_IN_ENTRY },
    outdir: 'dist',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    // External: no sourceMappingURL in the bundle, so a site that does not publish the maps gets no 404s.
    sourcemap: 'external',
    metafile: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
    plugins: [firstDownloadPlugin(resolve(root, DROP_IN_ENTRY))],
  });
  writeFileSync(join(dist, 'meta.json'), JSON.stringify(result.metafile));
  checkLazyCode(result.metafile);
}

function checkLazyCode(metafile) {
  const entry = Object.keys(metafile.outputs).find((path) => path.endsWith('dddk.min.js'));
  if (!entry) throw new BuildError('esbuild produced no dist/dddk.min.js');
  const initial = staticClosure(metafile.outputs, entry);
  const problems = [];
  for (const { module, loader } of LAZY_CODE) {
    const holds = (output) => Object.keys(metafile.outputs[output].inputs).some((input) => isModule(input, module));
    const inInitial = [...initial].filter(holds);
    if (inInitial.length > 0) {
      const path = staticImportPath(metafile.inputs, module);
      problems.push(
        `${module} is in the initial chunk of dist/dddk.min.js (${inInitial.join(', ')})` +
          (path ? `, imported statically through ${path.join(' → ')}` : '') +
          `; load it with ${loader} instead`,
      );
      continue;
    }
    const lazyChunks = Object.keys(metafile.outputs).filter(holds);
    if (lazyChunks.length === 0) {
      problems.push(`${module} is in no chunk at all; ${loader} should make esbuild emit one`);
    } else {
      console.log(`  ${module}: lazy chunk ${lazyChunks.map((chunk) => relative('dist', chunk)).join(', ')}`);
    }
  }
  if (problems.length > 0) throw new BuildError(problems.join('\n'));
}

/** The entry output plus every output it imports statically, transitively. */
function staticClosure(outputs, entry) {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const imported of outputs[queue.shift()].imports) {
      if (imported.kind === 'import-statement' && !imported.external && !seen.has(imported.path)) {
        seen.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return seen;
}

/** Whether the input is `module`: a source file by its path, or any file of a package by its name. */
function isModule(input, module) {
  const path = input.split(/[\\/]/).join('/');
  return module.endsWith('.ts') ? path === module : path.includes(`node_modules/${module}/`);
}

/** The chain of static imports from the drop-in's entry to the first input of `module`, to say where to cut. */
function staticImportPath(inputs, module) {
  const previous = new Map([[DROP_IN_ENTRY, undefined]]);
  const queue = [DROP_IN_ENTRY];
  while (queue.length > 0) {
    const current = queue.shift();
    if (isModule(current, module)) {
      const path = [];
      for (let at = current; at !== undefined; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const imported of inputs[current]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !previous.has(imported.path)) {
        previous.set(imported.path, current);
        queue.push(imported.path);
      }
    }
  }
  return undefined;
}

async function buildTheme() {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['theme/dddk.css'],
    outfile: 'dist/theme.css',
    bundle: true,
    minify: true,
    logLevel: 'warning',
  });
}

function analyzeElements() {
  const cem = join(root, 'node_modules', '@custom-elements-manifest', 'analyzer', 'cem.js');
  const result = spawnSync(
    process.execPath,
    [cem, 'analyze', '--litelement', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new BuildError(`cem analyze failed:\n${(result.stderr || result.stdout).trim()}`);
  }
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  const tags = manifest.modules.flatMap((module) => module.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : []));
  if (!tags.includes('dddk-subtitle')) {
    throw new BuildError(`custom-elements.json lists no <dddk-subtitle> (found: ${tags.join(', ') || 'no tags'})`);
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof BuildError) {
    console.error(`\nbuild failed: ${error.message}`);
  } else {
    console.error('\nbuild failed:', error);
  }
  process.exit(1);
}
