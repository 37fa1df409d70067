import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** A redis-server of this test file's own, on a free port, without persistence. */
export type RedisService =
  | { readonly available: true; readonly port: number; client(): Redis; stop(): Promise<void> }
  | { readonly available: false; readonly reason: string };

const INSTALL = 'Redis is needed for these tests: install it with `apt-get install -y redis-server` (Debian, as root) and run them again';

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answersPing(port: number): Promise<boolean> {
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Starts `redis-server --port <free port> --save '' --appendonly no --daemonize yes`; `stop` shuts it down. */
export async function startRedis(): Promise<RedisService> {
  if (!hasCommand('redis-server') || !hasCommand('redis-cli')) return { available: false, reason: INSTALL };
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dddk-redis-'));
  const started = spawnSync('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--dir', dir, '--logfile', join(dir, 'redis.log')], { encoding: 'utf8' });
  if (started.status !== 0) return { available: false, reason: `redis-server did not start (${(started.stderr || started.stdout).trim().slice(0, 200)})` };
  for (let attempt = 0; !(await answersPing(port)); attempt++) {
    if (attempt > 50) return { available: false, reason: `redis-server on port ${port} did not answer PING within 5 s; see ${join(dir, 'redis.log')}` };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const clients: Redis[] = [];
  return {
    available: true,
    port,
    client() {
      const client = new Redis({ port, host: '127.0.0.1' });
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
      spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
