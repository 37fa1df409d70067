import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { memoryPageBackend, pageEtag, postgresPageBackend, type PageBackend } from '../../../server/index.js';
import { filePageBackend } from '../../../server/node/index.js';
import { postgresService, type TestDatabase } from '../../support/services/postgres.js';
import { skipUnlessAvailable } from '../../support/services/service-skip.js';

/** The PageBackend contract, the same for every backend. */
function backendContract(name: string, make: () => Promise<PageBackend>): void {
  describe(`${name}: the PageBackend contract`, () => {
    it('reads nothing for a page never seeded, then the seeded text with the strong ETag of its bytes', async () => {
      const backend = await make();
      assert.equal(await backend.read('nothing-here'), undefined);
      const html = '<p>héllo — 😀</p>';
      const { etag } = await backend.seed('home', html);
      assert.equal(etag, await pageEtag(html));
      assert.deepEqual(await backend.read('home'), { html, etag });
    });

    it('swaps only from the expected ETag: saved, stale with the current tag, or missing', async () => {
      const backend = await make();
      const { etag: first } = await backend.seed('home', '<p>1</p>');
      const saved = await backend.compareAndSwap('home', first, '<p>2</p>');
      assert.deepEqual(saved, { kind: 'saved', etag: await pageEtag('<p>2</p>') });
      assert.deepEqual(await backend.compareAndSwap('home', first, '<p>3</p>'), { kind: 'stale', etag: await pageEtag('<p>2</p>') });
      assert.equal((await backend.read('home'))!.html, '<p>2</p>');
      assert.deepEqual(await backend.compareAndSwap('absent', first, '<p>x</p>'), { kind: 'missing' });
      assert.equal(await backend.read('absent'), undefined, 'a swap never creates a page');
    });

    it('lets exactly one of many swaps from the same version win', async () => {
      const backend = await make();
      const { etag } = await backend.seed('race', '<p>0</p>');
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => backend.compareAndSwap('race', etag, `<p>${index + 1}</p>`)));
      const winners = outcomes.flatMap((outcome, index) => (outcome.kind === 'saved' ? [index] : []));
      assert.equal(winners.length, 1);
      assert.ok(outcomes.every((outcome) => outcome.kind !== 'missing'));
      assert.equal((await backend.read('race'))!.html, `<p>${winners[0]! + 1}</p>`);
    });

    it('refuses ids outside [a-z0-9-]{1,64} and text no page can be', async () => {
      const backend = await make();
      for (const id of ['../etc/passwd', 'Home', 'a/b', '', 'x'.repeat(65)]) {
        await assert.rejects(backend.seed(id, '<p>x</p>'), /Page ids are 1 to 64 characters/, id);
        await assert.rejects(backend.read(id), /Page ids are 1 to 64 characters/, id);
      }
      await assert.rejects(backend.seed('home', '<p>\u0000</p>'), /NUL/);
      await assert.rejects(backend.seed('home', '<p>\ud800</p>'), /surrogate/);
    });
  });
}

const scratch: string[] = [];
after(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

backendContract('memoryPageBackend', async () => memoryPageBackend());
backendContract('filePageBackend', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dddk-pages-'));
  scratch.push(dir);
  return filePageBackend({ dir });
});

const postgres = await postgresService();
describe('postgresPageBackend', { skip: skipUnlessAvailable(postgres) }, () => {
  let database: TestDatabase | undefined;
  let tables = 0;
  before(async () => {
    if (postgres.available) database = await postgres.database();
  });
  after(async () => database?.drop());

  backendContract('postgresPageBackend', async () => {
    const backend = postgresPageBackend({ pool: database!.pool, table: `pages_${++tables}` });
    await backend.ensureSchema();
    return backend;
  });

  it('creates its table with the documented columns, and ensureSchema can run from several instances at once', async () => {
    const backends = [1, 2, 3].map(() => postgresPageBackend({ pool: database!.newPool(), table: 'public.site_pages' }));
    await Promise.all(backends.map((backend) => backend.ensureSchema()));
    await backends[0]!.ensureSchema();
    const { rows } = await database!.pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
      "select column_name, data_type, is_nullable from information_schema.columns where table_name = 'site_pages' order by ordinal_position",
    );
    assert.deepEqual(rows.map((row) => `${row.column_name} ${row.data_type} ${row.is_nullable}`), [
      'id text NO',
      'html text NO',
      'etag text NO',
      'version bigint NO',
      'updated_at timestamp with time zone NO',
    ]);
  });

  it('counts versions up with every seed and swap', async () => {
    const backend = postgresPageBackend({ pool: database!.pool, table: 'versioned' });
    await backend.ensureSchema();
    const { etag } = await backend.seed('home', '<p>1</p>');
    await backend.compareAndSwap('home', etag, '<p>2</p>');
    await backend.seed('home', '<p>3</p>');
    const { rows } = await database!.pool.query<{ version: string }>('select version from versioned where id = $1', ['home']);
    assert.equal(rows[0]!.version, '3');
  });

  it('refuses a table name that is not a plain identifier', () => {
    for (const table of ['pages; drop table x', 'Pages', 'a.b.c', '"quoted"', '1pages', '']) {
      assert.throws(() => postgresPageBackend({ pool: database!.pool, table }), /lowercase SQL identifier/, table);
    }
    assert.throws(() => postgresPageBackend({} as never), /needs `pool`/);
  });
});
