// `npm test`: type-check, build, node tests, browser tests; then one closing line, `N passed, N failed`,
// counting both runners (the type-check and the build count as one test each).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'dddk-test-'));
const only = process.argv[2]; // optional: `typecheck`, `build`, `node` or `browser`

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found.sort();
}

function readCounts(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const total = { passed: 0, failed: 0 };
function add(label, counts, exitCode) {
  if (!counts) {
    console.error(`${label}: no results were recorded (exit code ${exitCode}); counted as one failure.`);
    total.failed += 1;
    return;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  if (exitCode !== 0 && counts.failed === 0) {
    console.error(`${label}: the runner exited with code ${exitCode} although no test failed; counted as one failure.`);
    total.failed += 1;
  }
}

if (!only || only === 'typecheck') {
  console.log('\n== type-check (tsc -p .)');
  const code = await run('npx', ['tsc', '-p', '.']);
  add('type-check', { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 }, 0);
}

// Node tests import the built package (`dddk/core` in Node, the drop-in in the demo), so build first.
if (!only || only === 'build') {
  console.log('\n== build (npm run build)');
  const code = await run(process.execPath, ['scripts/build.mjs']);
  add('build', { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 }, 0);
}

if (!only || only === 'node') {
  console.log('\n== node tests');
  const files = findTests(join(root, 'test/node'));
  const countsFile = join(scratch, 'node.json');
  const code = await run(process.execPath, [
    // Every node test file runs under the visitor-text audit (test/support/visitor-text/).
    '--import', 'tsx', '--import', './test/support/visitor-text/node.ts', '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=./test/support/node-count-reporter.mjs', `--test-reporter-destination=${countsFile}`,
    ...files,
  ]);
  add('node tests', readCounts(countsFile), code);
}

if (!only || only === 'browser') {
  console.log('\n== browser tests (web-test-runner, Chromium)');
  const countsFile = join(scratch, 'browser.json');
  const code = await run(
    process.execPath,
    ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js'],
    { DDDK_WTR_COUNTS: countsFile },
  );
  add('browser tests', readCounts(countsFile), code);
}

rmSync(scratch, { recursive: true, force: true });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
