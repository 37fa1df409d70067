import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { countReporter } from './test/support/count-reporter.mjs';

const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

// The mock LLM server is TypeScript; `npm test` runs this config under tsx so it can be imported.
const plugins = [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })];
try {
  const { mockLLMPlugin } = await import('./test/support/mock-llm/wtr-plugin.ts');
  plugins.push(mockLLMPlugin());
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
}

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
    }),
  ],
  plugins,
  filterBrowserLogs: ({ args }) => !String(args?.[0] ?? '').includes('Lit is in dev mode'),
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    summaryReporter({ flatten: false }),
    countReporter({ outFile: process.env.DDDK_WTR_COUNTS }),
  ],
};
