import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A scratch database for one test file, dropped at its end. */
export interface TestDatabase {
  readonly name: string;
  readonly pool: pg.Pool;
  /** Another pool on the same database, as a second server instance would have. */
  newPool(): pg.Pool;
  drop(): Promise<void>;
}

export type PostgresService =
  | { readonly available: true; database(): Promise<TestDatabase> }
  | { readonly available: false; readonly reason: string };

const ROLE = { user: 'dddk', password: 'dddk', host: '127.0.0.1', port: 5432 };
const INSTALL = 'PostgreSQL is needed for these tests: install it with `apt-get install -y postgresql` (Debian, as root) and run them again';

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

async function canConnect(): Promise<boolean> {
  const client = new pg.Client({ ...ROLE, database: 'postgres', connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The first cluster `pg_lsclusters` lists, e.g. ['15', 'main']. */
function firstCluster(): [string, string] {
  const line = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split('\n')[0] ?? '';
  const [version, name] = line.trim().split(/\s+/);
  return [version ?? '15', name ?? 'main'];
}

function asPostgres(sql: string): string {
  return execFileSync('su', ['postgres', '-c', `psql -tAc ${JSON.stringify(sql)}`], { encoding: 'utf8' }).trim();
}

async function startAndCreateRole(): Promise<string | undefined> {
  if (!hasCommand('pg_ctlcluster') || !hasCommand('psql')) return INSTALL;
  try {
    const [version, name] = firstCluster();
    // Starting a running cluster fails harmlessly; the connection below is the real test.
    spawnSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'ignore' });
    if (asPostgres(`select 1 from pg_roles where rolname = '${ROLE.user}'`) !== '1') {
      asPostgres(`create user ${ROLE.user} password '${ROLE.password}' createdb`);
    }
  } catch (error) {
    return `PostgreSQL is installed but could not be started or set up (${(error as Error).message.split('\n')[0]}): run the tests as root, or start it with \`pg_ctlcluster 15 main start\` and create the role with \`su postgres -c "psql -c \\"create user dddk password 'dddk' createdb\\""\``;
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await canConnect()) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return 'PostgreSQL did not accept connections as dddk/dddk on 127.0.0.1:5432 within 10 s: check its log in /var/log/postgresql/';
}

/** Connects to the local Postgres, starting it and creating the `dddk` role when needed. */
export async function postgresService(): Promise<PostgresService> {
  if (!(await canConnect())) {
    const problem = await startAndCreateRole();
    if (problem !== undefined) return { available: false, reason: problem };
  }
  return {
    available: true,
    async database() {
      const name = `dddk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ ...ROLE, database: 'postgres' });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const pools: pg.Pool[] = [];
      const newPool = () => {
        const pool = new pg.Pool({ ...ROLE, database: name, max: 8 });
        pools.push(pool);
        return pool;
      };
      return {
        name,
        pool: newPool(),
        newPool,
        async drop() {
          await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
          const cleanup = new pg.Client({ ...ROLE, database: 'postgres' });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}
