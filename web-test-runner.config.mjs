import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { countReporter } from './test/support/count-reporter.mjs';

// The plugins and the shared Chromium flags are TypeScript; `npm test` runs this config under tsx.
const { chromiumArgs } = await import('./test/support/chromium-args.ts');
const { mockLLMPlugin } = await import('./test/support/mock-llm/wtr-plugin.ts');
const { bundledFixturesPlugin } = await import('./test/support/bundle-plugin.ts');
const { xssCorpusPlugin } = await import('./test/support/xss-corpus-plugin.ts');
const { html5libCorpusPlugin } = await import('./test/support/html5lib-corpus-plugin.ts');
const plugins = [
  esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
  // Starts the mock LLM server for the run and tells pages where it is.
  mockLLMPlugin(),
  // Bundles CommonJS fixtures (React) on request under /__bundle/.
  bundledFixturesPlugin(),
  // Serves ../shared/corpus/xss as /__corpus/xss.json for the XSS sweeps.
  xssCorpusPlugin(),
  // Serves the html5lib tree-construction inputs as /__corpus/html5lib.json.
  html5libCorpusPlugin(),
];

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 2,
  testsFinishTimeout: 120_000,
  testFramework: { config: { timeout: 10_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: chromiumArgs,
      },
      // Each test page in a context (a window) of its own: pages sharing one window take turns in
      // the background, where animation frames never come and real mouse input stalls.
      createPage: async ({ browser }) => {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        page.once('close', () => void context.close().catch(() => undefined));
        return page;
      },
    }),
  ],
  plugins,
  // Each test page runs under the visitor-text audit (test/support/visitor-text/), loaded before the tests.
  testRunnerHtml: (testFramework) =>
    `<!DOCTYPE html><html><head></head><body><script type="module" src="/test/support/visitor-text/browser.ts"></script><script type="module" src="${testFramework}"></script></body></html>`,
  filterBrowserLogs: ({ args }) => !String(args?.[0] ?? '').includes('Lit is in dev mode'),
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    summaryReporter({ flatten: false }),
    countReporter({ outFile: process.env.DDDK_WTR_COUNTS }),
  ],
};
