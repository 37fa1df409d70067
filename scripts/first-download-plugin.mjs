// An esbuild plugin for the drop-in bundle: every module the bundle loads with `import()` also
// imports the entry, so the code the entry reaches statically is one shared set in esbuild's eyes.
// Without it, each lazy module that shares a different slice of the first-paint code splits that
// code into its own small chunk, and a page's first download becomes thirty requests that compress
// worse one by one. With it, the first download is the entry and one chunk; lazy chunks import
// that chunk, which the page already has. package.json lists drop-in.ts under `sideEffects`, or
// esbuild would drop the injected bare import.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const RESOLVING = Symbol('dddk-first-download-resolving');

/** @param {string} entryPath absolute path of the bundle's entry module */
export function firstDownloadPlugin(entryPath) {
  return {
    name: 'dddk-first-download',
    setup(build) {
      const lazyTargets = new Set();
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.[RESOLVING]) return undefined;
        const result = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { [RESOLVING]: true },
        });
        if (result.errors.length > 0) return { errors: result.errors };
        if (!result.external && !result.path.includes('/node_modules/') && /\.(?:ts|js)$/.test(result.path)) lazyTargets.add(result.path);
        return { path: result.path, namespace: result.namespace, external: result.external, sideEffects: result.sideEffects };
      });
      build.onLoad({ filter: /\.(?:ts|js)$/ }, async (args) => {
        if (!lazyTargets.has(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: `import ${JSON.stringify(entryPath)};\n${source}`, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}
