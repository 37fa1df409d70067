import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createPageStoreHandler, memoryPageBackend, postgresPageBackend, type PageBackend } from '../../../server/index.js';
import { filePageBackend } from '../../../server/node/index.js';
import { postgresService, type TestDatabase } from '../../support/services/postgres.js';
import { skipUnlessAvailable } from '../../support/services/service-skip.js';
import { assertNoLostUpdates, concurrencyPage, runConcurrentWriters } from './concurrent-writers.js';
import { editorAuthorize, serveOverHttp } from './page-fixtures.js';

const WRITERS = 8;
const WRITES = 12;
const PROCESS_SCRIPT = fileURLToPath(new URL('./page-store-process.ts', import.meta.url));

/** Serves each backend on its own node:http server (several = several instances of one site). */
async function serveBackends(backends: readonly PageBackend[]) {
  const servers = await Promise.all(backends.map((backend) => serveOverHttp(createPageStoreHandler({ backend, authorize: editorAuthorize }))));
  return { origins: servers.map((server) => server.origin), close: () => Promise.all(servers.map((server) => server.close())) };
}

/** A separate Node process serving the folder; resolves with its origin once it listens. */
function startProcess(dir: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', PROCESS_SCRIPT, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.on('exit', (code) => reject(new Error(`page store process exited with ${code} before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve({ origin: `http://127.0.0.1:${match[1]}`, child });
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin!.end();
  });
}

describe(`page store concurrency: ${WRITERS} writers × ${WRITES} writes over HTTP, no lost update`, () => {
  it('memoryPageBackend', { timeout: 60_000 }, async () => {
    const backend = memoryPageBackend();
    await backend.seed('log', concurrencyPage(WRITERS));
    const served = await serveBackends([backend]);
    try {
      assertNoLostUpdates('memory', await runConcurrentWriters({ origins: served.origins, id: 'log', writers: WRITERS, writes: WRITES }));
    } finally {
      await served.close();
    }
  });

  it('filePageBackend, two backends on one folder in one process', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dddk-pages-'));
    try {
      const backends = [filePageBackend({ dir }), filePageBackend({ dir })];
      await backends[0]!.seed('log', concurrencyPage(WRITERS));
      const served = await serveBackends(backends);
      try {
        assertNoLostUpdates('file, one process', await runConcurrentWriters({ origins: served.origins, id: 'log', writers: WRITERS, writes: WRITES }));
      } finally {
        await served.close();
      }
      assert.deepEqual(readdirSync(dir).filter((name) => name !== 'log.html'), [], 'no temp file or lock is left');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('filePageBackend, three separate Node processes serving one folder', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dddk-pages-'));
    const processes: ChildProcess[] = [];
    try {
      await filePageBackend({ dir }).seed('log', concurrencyPage(WRITERS));
      const started = await Promise.all([dir, dir, dir].map(startProcess));
      processes.push(...started.map((entry) => entry.child));
      const pids = new Set(processes.map((child) => child.pid));
      assert.equal(pids.size, 3);
      assertNoLostUpdates('file, three processes', await runConcurrentWriters({ origins: started.map((entry) => entry.origin), id: 'log', writers: WRITERS, writes: WRITES }));
      assert.deepEqual(readdirSync(dir).filter((name) => name !== 'log.html'), [], 'no temp file or lock is left');
    } finally {
      await Promise.all(processes.map(stopProcess));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgres = await postgresService();
describe('page store concurrency on Postgres', { skip: skipUnlessAvailable(postgres) }, () => {
  let database: TestDatabase | undefined;
  before(async () => {
    if (postgres.available) database = await postgres.database();
  });
  after(async () => database?.drop());

  it(`postgresPageBackend, two instances with their own pools: ${WRITERS} writers × ${WRITES} writes`, { timeout: 60_000 }, async () => {
    const first = postgresPageBackend({ pool: database!.pool });
    const second = postgresPageBackend({ pool: database!.newPool() });
    await Promise.all([first.ensureSchema(), second.ensureSchema()]);
    await first.seed('log', concurrencyPage(WRITERS));
    const served = await serveBackends([first, second]);
    try {
      assertNoLostUpdates('postgres, two instances', await runConcurrentWriters({ origins: served.origins, id: 'log', writers: WRITERS, writes: WRITES }));
    } finally {
      await served.close();
    }
  });
});
