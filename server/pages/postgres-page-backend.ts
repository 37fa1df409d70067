import { assertStorablePage, type PageBackend, type StoredPage, type SwapOutcome } from './page-backend.js';
import { pageEtag } from './page-etag.js';
import { assertPageId } from './page-id.js';

/** The one thing the backend needs from a Postgres client: `pg.Pool` has it, and so do most drivers' pools. */
export interface SqlQueryable {
  query(text: string, values?: unknown[]): Promise<{ readonly rows: readonly unknown[]; readonly rowCount: number | null }>;
}

export interface PostgresPageBackendOptions {
  /** A pool the host made and owns (e.g. `new pg.Pool({ connectionString })`); the backend never ends it. */
  readonly pool: SqlQueryable;
  /** The table, optionally schema-qualified (`site.pages`). Default `dddk_pages`. */
  readonly table?: string;
}

export interface PostgresPageBackend extends PageBackend {
  /** Creates the table when it is missing; safe to call from several instances at once. */
  ensureSchema(): Promise<void>;
}

// Lowercase SQL identifiers only, so the name is the same quoted or not and needs no escaping.
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function quotedTable(table: string): string {
  const parts = table.split('.');
  if (parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part))) {
    throw new TypeError(`dddk/server: postgresPageBackend's table must be a lowercase SQL identifier (a-z, 0-9, _; at most 63 characters), optionally "schema.table"; got ${JSON.stringify(table)}.`);
  }
  return parts.map((part) => `"${part}"`).join('.');
}

interface PageRow {
  readonly html: string;
  readonly etag: string;
}

function firstRow(result: { readonly rows: readonly unknown[] }): PageRow | undefined {
  return result.rows[0] as PageRow | undefined;
}

// Concurrent `create table if not exists` can still collide on the catalog (the relation, its row
// type, or a unique index of pg_type): the table then exists.
const ALREADY_THERE = new Set(['42P07', '42710', '23505']);

/**
 * Pages in a Postgres table shared by every instance of a site. A compare-and-swap is ONE statement,
 * `UPDATE … WHERE id = $1 AND etag = $2`: Postgres locks the row, and a writer that waited for
 * another's commit re-checks the WHERE against the committed row, so of two writers holding the same
 * ETag exactly one updates it. One statement also needs no transaction pinned to a connection,
 * which a pool's `query` could not give (each call may run on another connection).
 */
export function postgresPageBackend(options: PostgresPageBackendOptions): PostgresPageBackend {
  const pool = options?.pool;
  if (typeof pool?.query !== 'function') throw new TypeError('dddk/server: postgresPageBackend needs `pool`, a Postgres pool with query(text, values) (a pg.Pool, say), made and ended by the host.');
  const table = quotedTable(options.table ?? 'dddk_pages');

  return {
    async ensureSchema() {
      try {
        await pool.query(`create table if not exists ${table} (
          id text primary key,
          html text not null,
          etag text not null,
          version bigint not null,
          updated_at timestamptz not null default now()
        )`);
      } catch (error) {
        if (!ALREADY_THERE.has(String((error as { code?: unknown }).code))) throw error;
      }
    },
    async read(id): Promise<StoredPage | undefined> {
      assertPageId(id);
      const row = firstRow(await pool.query(`select html, etag from ${table} where id = $1`, [id]));
      return row ? { html: row.html, etag: row.etag } : undefined;
    },
    async compareAndSwap(id, expectedEtag, html): Promise<SwapOutcome> {
      assertStorablePage(id, html);
      const etag = await pageEtag(html);
      const updated = await pool.query(
        `update ${table} set html = $3, etag = $4, version = version + 1, updated_at = now() where id = $1 and etag = $2 returning etag`,
        [id, expectedEtag, html, etag],
      );
      if ((updated.rowCount ?? 0) === 1) return { kind: 'saved', etag };
      const current = firstRow(await pool.query(`select etag from ${table} where id = $1`, [id]));
      return current ? { kind: 'stale', etag: current.etag } : { kind: 'missing' };
    },
    async seed(id, html) {
      assertStorablePage(id, html);
      const etag = await pageEtag(html);
      await pool.query(
        `insert into ${table} as page (id, html, etag, version) values ($1, $2, $3, 1)
         on conflict (id) do update set html = excluded.html, etag = excluded.etag, version = page.version + 1, updated_at = now()`,
        [id, html, etag],
      );
      return { etag };
    },
  };
}
