// Bundles the framework pages of the demo (demo/interop/src/{react,vue}-app.js) into
// dist/interop/, which the demo server serves under /dddk/interop/. React ships CommonJS and the
// Vue template needs its compiler, so these pages need a bundler; the kit itself stays external
// (`/dddk/dddk.min.js`), loaded once by the page as any site would load it.
// `node scripts/build-interop-demo.mjs`, or as a step of `npm run build`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const INTEROP_ENTRIES = {
  react: 'demo/interop/src/react-app.js',
  vue: 'demo/interop/src/vue-app.js',
};

/** Writes dist/interop/react.js and dist/interop/vue.js (minified, with source maps). */
export async function buildInteropDemo({ outdir = join(root, 'dist', 'interop') } = {}) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: INTEROP_ENTRIES,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: 'external',
    external: ['/dddk/dddk.min.js'],
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    logLevel: 'warning',
  });
}

const runDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (runDirectly) {
  try {
    await buildInteropDemo();
    console.log('✓ dist/interop/react.js and vue.js');
  } catch (error) {
    console.error(`build-interop-demo failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
