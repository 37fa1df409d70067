// Page-store write throughput with 20 concurrent writers over real HTTP, per backend (memory, file,
// Postgres): each writer reads the page, changes its own line inside the region and saves with
// If-Match, starting over on 412, until it has landed its writes. Ours validates every write with the
// region validator, as deployed; the peer is the same backend with validation off, so the ratio is
// the price of never trusting the client. Every run also checks that no acknowledged write was lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPageStoreHandler, memoryPageBackend, postgresPageBackend, type PageBackend } from '../../server/index.js';
import { filePageBackend } from '../../server/node/index.js';
import { concurrencyPage, runConcurrentWriters } from '../../test/node/server/concurrent-writers.js';
import { editorAuthorize, serveOverHttp } from '../../test/node/server/page-fixtures.js';
import { postgresService, type TestDatabase } from '../../test/support/services/postgres.js';
import type { BenchFigure, Benchmark } from '../types.js';

const WRITERS = 20;
const WRITES = 5;

interface BackendUnderTest {
  readonly name: string;
  make(): Promise<PageBackend>;
  close(): Promise<void>;
}

async function backends(): Promise<BackendUnderTest[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dddk-bench-pages-'));
  let count = 0;
  const list: BackendUnderTest[] = [
    { name: 'memory', make: async () => memoryPageBackend(), close: async () => undefined },
    { name: 'file', make: async () => { const backend = filePageBackend({ dir: join(dir, String(count++)) }); await backend.ready; return backend; }, close: async () => rmSync(dir, { recursive: true, force: true }) },
  ];
  const postgres = await postgresService();
  if (postgres.available) {
    const databases: TestDatabase[] = [];
    list.push({
      name: 'postgres',
      async make() {
        const database = await postgres.database();
        databases.push(database);
        const backend = postgresPageBackend({ pool: database.pool });
        await backend.ensureSchema();
        return backend;
      },
      close: async () => { await Promise.all(databases.map((database) => database.drop())); },
    });
  } else {
    console.log(`  postgres: skipped (${postgres.reason})`);
  }
  return list;
}

/** Milliseconds per acknowledged write for one run of the writers. */
async function run(backend: PageBackend, validate: boolean): Promise<number> {
  await backend.seed('log', concurrencyPage(WRITERS));
  const server = await serveOverHttp(createPageStoreHandler({ backend, authorize: editorAuthorize, ...(validate ? {} : { validate: false }) }));
  try {
    const figures = await runConcurrentWriters({ origins: [server.origin], id: 'log', writers: WRITERS, writes: WRITES });
    if (figures.lost !== 0 || !figures.exact || Object.keys(figures.unexpected).length > 0) {
      throw new Error(`page store lost writes or answered oddly: ${JSON.stringify(figures)}`);
    }
    return figures.milliseconds / figures.acknowledged;
  } finally {
    await server.close();
  }
}

const benchmark: Benchmark = {
  title: `Page store, ${WRITERS} concurrent writers × ${WRITES} writes over HTTP, per backend`,
  async run({ rounds }) {
    const figures: BenchFigure[] = [];
    const list = await backends();
    try {
      for (const entry of list) {
        const ours: number[] = [];
        const peer: number[] = [];
        for (let i = 0; i < Math.min(rounds, 5); i++) {
          peer.push(await run(await entry.make(), false));
          ours.push(await run(await entry.make(), true));
        }
        figures.push({ id: `page-store-write-${entry.name}-20`, unit: 'ms per acknowledged write', peerName: `the ${entry.name} backend without server-side validation`, environment: 'node', ours, peer });
      }
    } finally {
      await Promise.all(list.map((entry) => entry.close()));
    }
    return figures;
  },
};

export default benchmark;
