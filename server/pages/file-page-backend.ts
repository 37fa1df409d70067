/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertStorablePage, type PageBackend, type StoredPage, type SwapOutcome } from './page-backend.js';
import { pageEtag } from './page-etag.js';
import { assertPageId } from './page-id.js';
import { acquirePageLock, breakStaleLock, brokenLockPid, inspectLock, isStale, processAlive, type HeldLock, type LockHolder } from './page-lock.js';

export interface FilePageBackendOptions {
  /** The folder holding one `<id>.html` per page; created when missing. */
  readonly dir: string;
  /** A page lock older than this belongs to a crashed or stuck writer and is broken. Default 10 s. */
  readonly lockStaleMs?: number;
  /** How long a write waits for another writer's lock before failing. Default 5 s. */
  readonly lockWaitMs?: number;
}

const DEFAULT_LOCK_STALE_MS = 10_000;
const DEFAULT_LOCK_WAIT_MS = 5_000;
// `.<id>.html.<pid>.<random>.tmp`: the pid tells whose temp file it is, so a crashed writer's can be removed.
const TEMP_FILE = /^\.([a-z0-9-]{1,64})\.html\.(\d+)\.[0-9a-f]+\.tmp$/;
const LOCK_FILE = /^\.([a-z0-9-]{1,64})\.html\.lock$/;

/** Writers of this process queue per lock file before taking it, so they do not poll against each other. */
const localQueues = new Map<string, Promise<unknown>>();

function queued<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (localQueues.get(key) ?? Promise.resolve()).then(task, task);
  const settled = run.catch(() => undefined);
  localQueues.set(key, settled);
  void settled.then(() => {
    if (localQueues.get(key) === settled) localQueues.delete(key);
  });
  return run;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 1) throw new RangeError(`dddk/server: filePageBackend's ${name} must be a positive number of milliseconds; got ${String(value)}.`);
  return chosen;
}

/** Not every platform can open a folder to flush it (Windows cannot); the rename stands either way. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

/** Removes temp files whose writer is gone (or older than the stale bound); only `id`'s when given. */
async function removeLeftoverTemps(dir: string, staleMs: number, id?: string, pid?: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const match = TEMP_FILE.exec(name);
    if (!match || (id !== undefined && match[1] !== id)) continue;
    const owner = Number(match[2]);
    const path = join(dir, name);
    const old = await stat(path).then((info) => Date.now() - info.mtimeMs > staleMs, () => false);
    if (owner === pid || old || (owner !== process.pid && !processAlive(owner))) await rm(path, { force: true });
  }
}

/** At start: the locks, set-aside locks and temp files crashed writers left behind. */
async function sweepLeftovers(dir: string, staleMs: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const breaker = brokenLockPid(name);
    if (breaker !== undefined && !processAlive(breaker)) await rm(path, { force: true });
    if (!LOCK_FILE.test(name)) continue;
    const lock = await inspectLock(path);
    if (lock && isStale(lock, staleMs)) await breakStaleLock(path, lock);
  }
  await removeLeftoverTemps(dir, staleMs);
}

/** Temp file, flushed, then renamed over the page (still holding the lock), then the folder flushed. */
async function replacePage(dir: string, id: string, html: string, lock: HeldLock): Promise<void> {
  const temp = join(dir, `.${id}.html.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(html, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await lock.assertHeld();
    await rename(temp, join(dir, `${id}.html`));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

/**
 * Pages as files, one `<id>.html` each: the embedded default. Safe across processes on one machine:
 * every read-compare-write holds the page's lock file, and the new bytes go to a temp file in the same
 * folder that is flushed and renamed over the page, so a reader sees the old page or the new one.
 * Crashed writers' temp files and locks are cleaned up at start and whenever a lock is broken.
 */
export function filePageBackend(options: FilePageBackendOptions): PageBackend & { readonly ready: Promise<void> } {
  if (typeof options?.dir !== 'string' || options.dir === '') throw new TypeError('dddk/server: filePageBackend needs `dir`, the folder holding the pages.');
  const dir = resolve(options.dir);
  const staleMs = positiveInteger(options.lockStaleMs, DEFAULT_LOCK_STALE_MS, 'lockStaleMs');
  const waitMs = positiveInteger(options.lockWaitMs, DEFAULT_LOCK_WAIT_MS, 'lockWaitMs');
  const pageFile = (id: string) => join(dir, `${id}.html`);
  const lockFile = (id: string) => join(dir, `.${id}.html.lock`);

  const ready = mkdir(dir, { recursive: true }).then(() => sweepLeftovers(dir, staleMs));
  // A failed start is reported by every operation that awaits it, not as an unhandled rejection.
  ready.catch(() => undefined);

  async function readPage(id: string): Promise<StoredPage | undefined> {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(pageFile(id));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
    const html = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return { html, etag: await pageEtag(html) };
  }

  async function underLock<T>(id: string, task: (lock: HeldLock) => Promise<T>): Promise<T> {
    await ready;
    const path = lockFile(id);
    return queued(path, async () => {
      const onBroken = async (holder: LockHolder | undefined) => removeLeftoverTemps(dir, staleMs, id, holder?.pid);
      const lock = await acquirePageLock(path, { staleMs, waitMs, onBroken });
      try {
        return await task(lock);
      } finally {
        await lock.release();
      }
    });
  }

  return {
    ready,
    async read(id) {
      assertPageId(id);
      await ready;
      return readPage(id);
    },
    async compareAndSwap(id, expectedEtag, html): Promise<SwapOutcome> {
      assertStorablePage(id, html);
      const etag = await pageEtag(html);
      return underLock(id, async (lock) => {
        const current = await readPage(id);
        if (!current) return { kind: 'missing' };
        if (current.etag !== expectedEtag) return { kind: 'stale', etag: current.etag };
        await replacePage(dir, id, html, lock);
        return { kind: 'saved', etag };
      });
    },
    async seed(id, html) {
      assertStorablePage(id, html);
      const etag = await pageEtag(html);
      await underLock(id, (lock) => replacePage(dir, id, html, lock));
      return { etag };
    },
  };
}
