import { build } from 'esbuild';
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The slice of a @web/dev-server plugin this one uses. */
export interface BundledFixturesPlugin {
  name: string;
  serve(context: { path: string }): Promise<{ body: string; type: string; status?: number } | undefined>;
}

export const BUNDLE_PREFIX = '/__bundle/';

const root = fileURLToPath(new URL('../..', import.meta.url));
const testDir = resolve(root, 'test');

/**
 * Serves `/__bundle/<file>.js` as an ES module bundle of `<file>` (a path under `test/`), so test
 * pages can use CommonJS packages such as react-dom, which the test server cannot serve as is.
 * Example: `await import('/__bundle/test/browser/actions/fixtures/react-form.ts.js')`.
 */
export function bundledFixturesPlugin(): BundledFixturesPlugin {
  return {
    name: 'dddk-bundled-fixtures',
    async serve(context) {
      if (!context.path.startsWith(BUNDLE_PREFIX) || !context.path.endsWith('.js')) return undefined;
      const relativePath = decodeURIComponent(context.path.slice(BUNDLE_PREFIX.length, -'.js'.length));
      const file = resolve(root, relativePath);
      const inside = relative(testDir, file);
      if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('node_modules')) {
        return { status: 403, type: 'text', body: `bundled fixtures must live under test/: ${relativePath}` };
      }
      if (!existsSync(file) || !statSync(file).isFile()) {
        return { status: 404, type: 'text', body: `no fixture file at ${relativePath}` };
      }
      let result;
      try {
        result = await build({
          entryPoints: [file],
          bundle: true,
          write: false,
          format: 'esm',
          platform: 'browser',
          target: 'es2022',
          jsx: 'automatic',
          sourcemap: 'inline',
          logLevel: 'silent',
          absWorkingDir: root,
          tsconfig: resolve(root, 'tsconfig.json'),
          define: {
            'process.env.NODE_ENV': '"production"',
            __VUE_OPTIONS_API__: 'true',
            __VUE_PROD_DEVTOOLS__: 'false',
            __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
          },
        });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return { status: 500, type: 'text', body: `could not bundle ${relativePath}: ${detail}` };
      }
      return { type: 'js', body: result.outputFiles[0]!.text };
    },
  };
}
