/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';

/** What a lock file says about the writer that holds it. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** When it took the lock, epoch milliseconds. */
  readonly time: number;
  readonly token: string;
}

export interface PageLockOptions {
  /** A lock older than this, or whose process is gone, belongs to a crashed or stuck writer and is broken. */
  readonly staleMs: number;
  /** How long to wait for a live writer's lock before giving up. */
  readonly waitMs: number;
  /** Called after a stale lock was broken, to clean up after its writer. */
  readonly onBroken?: (holder: LockHolder | undefined) => Promise<void>;
}

/** A held lock. `assertHeld` throws when a breaker took it away (the writer was judged stuck). */
export interface HeldLock {
  assertHeld(): Promise<void>;
  release(): Promise<void>;
}

const BROKEN_SUFFIX = '.broken';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Whether a process of this machine is running; EPERM means it runs under another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

export function parseLockHolder(raw: string): LockHolder | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.time !== 'number' || typeof value.token !== 'string') return undefined;
    return { pid: value.pid, host: value.host, time: value.time, token: value.token };
  } catch {
    return undefined;
  }
}

interface InspectedLock {
  readonly raw: string;
  readonly holder: LockHolder | undefined;
  readonly since: number;
}

/** Reads a lock file; undefined when there is none. An empty one is a writer between create and write. */
export async function inspectLock(lockPath: string): Promise<InspectedLock | undefined> {
  try {
    const [raw, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    const holder = parseLockHolder(raw);
    return { raw, holder, since: holder?.time ?? info.mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

export function isStale(lock: InspectedLock, staleMs: number, now = Date.now()): boolean {
  if (now - lock.since > staleMs) return true;
  // A pid can only be judged on its own machine; elsewhere the age alone decides.
  return lock.holder !== undefined && lock.holder.host === hostname() && !processAlive(lock.holder.pid);
}

/**
 * Breaks the lock judged stale, and only that one: the file is renamed aside (atomic), and if what
 * was taken is not the lock that was judged (it was released and taken again meanwhile), it is put
 * back with `link`, which never replaces a newer lock. True when the stale lock is gone.
 */
export async function breakStaleLock(lockPath: string, judged: InspectedLock): Promise<boolean> {
  const aside = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}${BROKEN_SUFFIX}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
  const taken = await readFile(aside, 'utf8').catch(() => undefined);
  if (taken !== judged.raw) {
    // A lock made in between keeps its place; its writer's commit check catches the rare rest.
    await link(aside, lockPath).catch(() => undefined);
  }
  await rm(aside, { force: true });
  return taken === judged.raw;
}

/** Creates the lock file; false when another writer holds it. */
async function tryCreate(lockPath: string, holder: LockHolder): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx', 0o644);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(holder));
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(lockPath, { force: true });
    throw error;
  }
  await handle.close();
  return true;
}

function describeHolder(lock: InspectedLock | undefined): string {
  if (!lock?.holder) return 'a writer that has not yet written its details';
  return `process ${lock.holder.pid} on ${lock.holder.host} (since ${new Date(lock.holder.time).toISOString()})`;
}

/**
 * Takes the lock file `lockPath` (created with `open(…, 'wx')`, holding pid, host, time and a random
 * token), breaking it when its holder crashed or is stuck, and waiting a bounded time otherwise.
 */
export async function acquirePageLock(lockPath: string, options: PageLockOptions): Promise<HeldLock> {
  const holder: LockHolder = { pid: process.pid, host: hostname(), time: Date.now(), token: randomBytes(12).toString('hex') };
  const deadline = Date.now() + options.waitMs;
  let delay = 2;
  for (;;) {
    if (await tryCreate(lockPath, { ...holder, time: Date.now() })) return heldLock(lockPath, holder.token);
    const lock = await inspectLock(lockPath);
    if (lock === undefined) continue;
    if (isStale(lock, options.staleMs)) {
      if (await breakStaleLock(lockPath, lock)) await options.onBroken?.(lock.holder);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`dddk/server: ${lockPath} stayed locked by ${describeHolder(lock)} for more than ${options.waitMs} ms; another writer is slow or stuck. It is broken once older than ${options.staleMs} ms; try the write again.`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * 2, 40);
  }
}

function heldLock(lockPath: string, token: string): HeldLock {
  const holds = async () => (await inspectLock(lockPath))?.holder?.token === token;
  return {
    async assertHeld() {
      if (!(await holds())) throw new Error(`dddk/server: the lock ${lockPath} was broken while this write held it (it took longer than the stale bound); nothing was written, try again.`);
    },
    async release() {
      // A lock broken and taken by another writer is that writer's now: leave it.
      if (await holds()) await rm(lockPath, { force: true });
    },
  };
}

/** Whether a file name is a lock set aside by a breaker; `pid` is the breaker's. */
export function brokenLockPid(name: string): number | undefined {
  const match = /\.(\d+)\.[0-9a-f]+\.broken$/.exec(name);
  return match ? Number(match[1]) : undefined;
}
