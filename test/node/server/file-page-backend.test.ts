import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createPageStoreHandler, pageEtag } from '../../../server/index.js';
import { filePageBackend } from '../../../server/node/index.js';
import { editorAuthorize, EDITOR_HEADERS } from './page-fixtures.js';

const LOCK_MODULE = fileURLToPath(new URL('../../../server/pages/page-lock.ts', import.meta.url));

/** The pid of a process that has exited: what a crashed writer leaves in its lock. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function lockBody(pid: number, time = Date.now()): string {
  return JSON.stringify({ pid, host: hostname(), time, token: 'crashed-writer' });
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dddk-file-pages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const files = () => readdirSync(dir).sort();

describe('filePageBackend: locks, temp files and crashed writers', () => {

  it('writes the page as <id>.html, byte for byte, and leaves nothing else behind', async () => {
    const backend = filePageBackend({ dir });
    const { etag } = await backend.seed('home', '<p>é</p>');
    await backend.compareAndSwap('home', etag, '<p>ü</p>');
    assert.deepEqual(files(), ['home.html']);
    assert.equal(readFileSync(join(dir, 'home.html'), 'utf8'), '<p>ü</p>');
  });

  it('cleans up the temp files, stale locks and set-aside locks of crashed writers when it starts', async () => {
    const dead = deadPid();
    writeFileSync(join(dir, 'home.html'), '<p>old</p>');
    writeFileSync(join(dir, '.home.html.lock'), lockBody(dead));
    writeFileSync(join(dir, `.home.html.${dead}.a1b2c3.tmp`), '<p>half writ');
    writeFileSync(join(dir, `.home.html.lock.${dead}.abcdef.broken`), lockBody(dead));
    const live = `.about.html.${process.pid}.ffff.tmp`;
    writeFileSync(join(dir, live), 'a live writer is using this');
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    const backend = filePageBackend({ dir });
    await backend.ready;
    assert.deepEqual(files(), [live, 'home.html', 'notes.txt'].sort());
    assert.equal((await backend.compareAndSwap('home', await pageEtag('<p>old</p>'), '<p>new</p>')).kind, 'saved');
  });

  it('breaks the lock of a writer process that crashed mid-write, and removes its temp file', async () => {
    const backend = filePageBackend({ dir });
    const { etag } = await backend.seed('home', '<p>before the crash</p>');
    // A real process takes the lock, writes half a temp file, and dies without releasing anything.
    const script = `
      const { acquirePageLock } = await import(${JSON.stringify(LOCK_MODULE)});
      const { writeFileSync } = await import('node:fs');
      await acquirePageLock(${JSON.stringify(join(dir, '.home.html.lock'))}, { staleMs: 60000, waitMs: 1000 });
      writeFileSync(${JSON.stringify(dir)} + '/.home.html.' + process.pid + '.0badc0de.tmp', '<p>half');
      process.exit(137);`;
    const crashed = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(crashed.status, 137, crashed.stderr);
    assert.ok(files().some((name) => name.endsWith('.tmp')), 'the crashed writer left a temp file');
    assert.ok(existsSync(join(dir, '.home.html.lock')), 'the crashed writer left its lock');
    const saved = await backend.compareAndSwap('home', etag, '<p>after the crash</p>');
    assert.equal(saved.kind, 'saved');
    assert.deepEqual(files(), ['home.html']);
    assert.equal(readFileSync(join(dir, 'home.html'), 'utf8'), '<p>after the crash</p>');
  });

  it('breaks a live process\'s lock only once it is older than lockStaleMs', async () => {
    const backend = filePageBackend({ dir, lockStaleMs: 5_000, lockWaitMs: 10_000 });
    const { etag } = await backend.seed('home', '<p>1</p>');
    writeFileSync(join(dir, '.home.html.lock'), lockBody(process.pid, Date.now() - 6_000));
    assert.equal((await backend.compareAndSwap('home', etag, '<p>2</p>')).kind, 'saved');
    assert.deepEqual(files(), ['home.html']);
  });

});

describe('filePageBackend: waiting, readers and options', () => {
  it('waits a bounded time for a live lock, then fails clearly; the handler answers 503 and saves nothing', async () => {
    const backend = filePageBackend({ dir, lockWaitMs: 300 });
    const { etag } = await backend.seed('home', '<p>1</p>');
    writeFileSync(join(dir, '.home.html.lock'), lockBody(process.pid));
    const started = Date.now();
    await assert.rejects(backend.compareAndSwap('home', etag, '<p>2</p>'), /stayed locked by process \d+ .* for more than 300 ms/);
    assert.ok(Date.now() - started < 3_000);
    const handler = createPageStoreHandler({ backend, authorize: editorAuthorize, validate: false });
    const response = await handler(new Request('http://localhost/api/pages/home', { method: 'PUT', headers: { 'content-type': 'text/html', 'if-match': etag, ...EDITOR_HEADERS }, body: '<p>2</p>' }));
    assert.equal(response.status, 503);
    assert.equal(readFileSync(join(dir, 'home.html'), 'utf8'), '<p>1</p>');
    rmSync(join(dir, '.home.html.lock'));
    assert.equal((await backend.compareAndSwap('home', etag, '<p>2</p>')).kind, 'saved');
  });

  it('treats an empty lock (a writer between create and write) as live until it is old', async () => {
    const backend = filePageBackend({ dir, lockStaleMs: 2_000, lockWaitMs: 200 });
    const { etag } = await backend.seed('home', '<p>1</p>');
    writeFileSync(join(dir, '.home.html.lock'), '');
    await assert.rejects(backend.compareAndSwap('home', etag, '<p>2</p>'), /a writer that has not yet written its details/);
    const past = new Date(Date.now() - 10_000);
    utimesSync(join(dir, '.home.html.lock'), past, past);
    assert.equal((await backend.compareAndSwap('home', etag, '<p>2</p>')).kind, 'saved');
  });

  it('never shows a reader a partly written page', { timeout: 20_000 }, async () => {
    const backend = filePageBackend({ dir });
    const versions = ['a', 'b', 'c', 'd', 'e'].map((letter) => `<p>${letter.repeat(400 * 1024)}</p>`);
    let { etag } = await backend.seed('big', versions[0]!);
    let writing = true;
    const seen: string[] = [];
    const readers = Array.from({ length: 3 }, async () => {
      while (writing) {
        const page = (await backend.read('big'))!;
        assert.equal(page.etag, await pageEtag(page.html), 'the tag belongs to the text read');
        seen.push(page.html);
      }
    });
    try {
      for (const next of versions.slice(1)) {
        const outcome = await backend.compareAndSwap('big', etag, next);
        assert.equal(outcome.kind, 'saved');
        if (outcome.kind === 'saved') etag = outcome.etag;
      }
    } finally {
      writing = false;
    }
    await Promise.all(readers);
    assert.ok(seen.length > 0);
    for (const html of seen) assert.ok(versions.includes(html), `a reader saw ${html.length} characters matching no whole version`);
  });

  it('refuses to be made without a folder, or with a bad bound, naming the option', () => {
    assert.throws(() => filePageBackend({} as never), /needs `dir`/);
    assert.throws(() => filePageBackend({ dir, lockStaleMs: 0 }), /lockStaleMs/);
    assert.throws(() => filePageBackend({ dir, lockWaitMs: -1 }), /lockWaitMs/);
  });
});
