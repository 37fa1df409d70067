// `npm run api-report`: writes api-report/<entry>.api.md, the public surface of each package entry
// (from the built declarations, by API Extractor), with the count of its runtime values on top.
// `--check` writes nothing: it compares with the checked-in reports and exits 1 naming what changed,
// so a change of the public surface is always a reviewed change of these files.
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { structuredPatch } from 'diff';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportDir = join(root, 'api-report');
const check = process.argv.includes('--check');

export const ENTRIES = [
  { name: 'dddk', declarations: 'dist/index.d.ts', module: 'dist/index.js', browserOnly: true },
  { name: 'dddk-core', declarations: 'dist/core/index.d.ts', module: 'dist/core/index.js' },
  { name: 'dddk-elements', declarations: 'dist/elements/index.d.ts', module: 'dist/elements/index.js', browserOnly: true },
  { name: 'dddk-server', declarations: 'dist/server/index.d.ts', module: 'dist/server/index.js' },
  { name: 'dddk-server-node', declarations: 'dist/server/node/index.d.ts', module: 'dist/server/node/index.js' },
];

function extract(entry, folder) {
  const config = ExtractorConfig.prepare({
    configObjectFullPath: join(root, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry.declarations),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            lib: ['es2023', 'dom', 'dom.iterable'],
            types: [],
            skipLibCheck: true,
            strict: true,
          },
        },
      },
      apiReport: { enabled: true, reportFolder: folder, reportTempFolder: folder, reportFileName: entry.name },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: { default: { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
  });
  const result = Extractor.invoke(config, { localBuild: true, showVerboseMessages: false, messageCallback: (message) => (message.handled = message.logLevel !== 'warning' && message.logLevel !== 'error') });
  if (!result.succeeded) throw new Error(`api-report: API Extractor failed on ${entry.declarations} (${result.errorCount} errors)`);
  return readFileSync(join(folder, `${entry.name}.api.md`), 'utf8');
}

/** Runtime values of an entry; the ones that register elements are counted from their declarations. */
async function runtimeValues(entry) {
  if (!entry.browserOnly) return Object.keys(await import(pathToFileURL(join(root, entry.module)).href)).sort();
  return undefined;
}

export async function buildReports() {
  const scratch = mkdtempSync(join(tmpdir(), 'dddk-api-'));
  try {
    const reports = {};
    for (const entry of ENTRIES) {
      const body = extract(entry, scratch);
      const values = await runtimeValues(entry);
      const head = values ? `<!-- runtime values: ${values.length} -->\n` : '';
      reports[entry.name] = head + body;
    }
    return reports;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const entry of ENTRIES) {
    if (!existsSync(join(root, entry.declarations))) {
      console.error(`api-report: ${entry.declarations} is missing; run \`npm run build\` first.`);
      process.exit(1);
    }
  }
  const reports = await buildReports();
  let changed = 0;
  for (const [name, text] of Object.entries(reports)) {
    const file = join(reportDir, `${name}.api.md`);
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (previous === text) continue;
    changed++;
    if (check) {
      const patch = structuredPatch(`api-report/${name}.api.md`, 'built', previous, text, '', '', { context: 1 });
      const lines = patch.hunks.flatMap((hunk) => hunk.lines).filter((line) => /^[+-]/.test(line)).slice(0, 40);
      console.error(`api-report/${name}.api.md differs from the build:\n${lines.join('\n')}`);
    } else {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(file, text);
      console.log(`api-report/${name}.api.md written`);
    }
  }
  if (check && changed > 0) {
    console.error('The public API changed. If that is intended, run `npm run api-report` and commit api-report/.');
    process.exit(1);
  }
}
