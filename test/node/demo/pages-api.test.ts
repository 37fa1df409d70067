import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoServer, type DemoServer } from '../../../demo/server.mjs';
import { rawRequest, within } from './demo-server-fixtures.js';

const SEED_CONTENT_DIR = fileURLToPath(new URL('../../../demo/content/', import.meta.url));

const strongEtag = (text: string | Buffer) => `"${createHash('sha256').update(text).digest('base64url')}"`;

describe('demo server /api/pages/:id', () => {
  let contentDir: string;
  let server: DemoServer;
  let port: number;
  const pageFile = (id: string) => path.join(contentDir, `${id}.html`);
  const tempFiles = () => readdirSync(contentDir).filter((name) => name.endsWith('.tmp'));
  const get = (id: string) => rawRequest({ port, host: '127.0.0.1', path: `/api/pages/${id}` });
  const put = (id: string, body: string, headers: Record<string, string> = {}) =>
    rawRequest({ port, host: '127.0.0.1', path: `/api/pages/${id}`, method: 'PUT', headers: { 'content-type': 'text/html', ...headers }, body });

  before(async () => {
    contentDir = mkdtempSync(path.join(tmpdir(), 'dddk-pages-api-'));
    cpSync(SEED_CONTENT_DIR, contentDir, { recursive: true });
    server = await startDemoServer({ port: 0, host: '127.0.0.1', env: { DDDK_DEMO_CONTENT_DIR: contentDir } });
    port = server.port;
  });
  after(async () => {
    await server?.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('serves a page with a strong ETag of its bytes', async () => {
    const response = await get('home');
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.equal(response.body, readFileSync(pageFile('home'), 'utf8'));
    assert.equal(response.headers.etag, strongEtag(readFileSync(pageFile('home'))));
  });

  it('answers 404 for an unknown page and 400 for an id outside [a-z0-9-]{1,64}', async () => {
    assert.equal((await get('no-such-page')).status, 404);
    for (const id of ['Home', 'a_b', '..%2Fpackage', '%2e%2e', 'x'.repeat(65), 'home.html', 'a/b']) {
      const response = await get(id);
      assert.equal(response.status, 400, `id ${id}`);
      assert.match(response.body, /1 to 64 characters/);
    }
    assert.equal((await get('x'.repeat(64))).status, 404);
  });

  it('saves with a matching If-Match and answers the new ETag', async () => {
    const { headers } = await get('about');
    const response = await put('about', '<p>new about</p>', { 'if-match': String(headers.etag) });
    assert.equal(response.status, 200);
    assert.equal(response.headers.etag, strongEtag('<p>new about</p>'));
    assert.equal(JSON.parse(response.body).etag, strongEtag('<p>new about</p>'));
    assert.equal(readFileSync(pageFile('about'), 'utf8'), '<p>new about</p>');
    assert.equal((await get('about')).headers.etag, response.headers.etag);
  });

  it('answers 428 without If-Match and 409 with a stale one, leaving the file alone', async () => {
    const before = readFileSync(pageFile('home'), 'utf8');
    const missing = await put('home', 'nope');
    assert.equal(missing.status, 428);
    assert.match(JSON.parse(missing.body).error.message, /If-Match/);
    const stale = await put('home', 'nope', { 'if-match': '"not-the-current-etag"' });
    assert.equal(stale.status, 409);
    assert.match(JSON.parse(stale.body).error.message, /changed since it was loaded/);
    assert.equal(stale.headers.etag, strongEtag(before));
    const weak = await put('home', 'nope', { 'if-match': `W/${strongEtag(before)}` });
    assert.equal(weak.status, 409, 'a weak tag never satisfies If-Match');
    assert.equal(readFileSync(pageFile('home'), 'utf8'), before);
  });

  it('refuses a body over the size bound with 413', async () => {
    const { headers } = await get('home');
    const response = await put('home', 'x'.repeat(1024 * 1024 + 1), { 'if-match': String(headers.etag) });
    assert.equal(response.status, 413);
    assert.notEqual(readFileSync(pageFile('home'), 'utf8').length, 1024 * 1024 + 1);
  });

  it('lets exactly one of 100 concurrent saves of the same version win', { timeout: 15_000 }, async () => {
    const { headers } = await get('home');
    const etag = String(headers.etag);
    const bodies = Array.from({ length: 100 }, (_, index) => `<p>writer ${index}</p>`);
    const responses = await within(Promise.all(bodies.map((body) => put('home', body, { 'if-match': etag }))), 12_000, '100 concurrent PUTs');
    const winners = responses.flatMap((response, index) => (response.status === 200 ? [index] : []));
    assert.equal(winners.length, 1);
    assert.equal(responses.filter((response) => response.status === 409).length, 99);
    assert.equal(readFileSync(pageFile('home'), 'utf8'), bodies[winners[0]]);
    assert.equal(responses[winners[0]].headers.etag, strongEtag(bodies[winners[0]]));
    assert.deepEqual(tempFiles(), []);
  });

  it('leaves the page untouched and no temp file when a client dies mid-body', { timeout: 5000 }, async () => {
    writeFileSync(pageFile('home'), '<p>before the cut</p>');
    const etag = strongEtag('<p>before the cut</p>');
    const total = 512 * 1024;
    const socketClosed = new Promise<void>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/api/pages/home', method: 'PUT', agent: false, headers: { 'if-match': etag, 'content-length': String(total) } });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write('<p>' + 'y'.repeat(200 * 1024));
      // Give the server time to receive part of the body, then cut the connection.
      setTimeout(() => req.destroy(), 100);
    });
    await within(socketClosed, 2000, 'the cut request to close');
    // The server cleans up asynchronously; poll briefly for any leftover before asserting.
    for (let attempt = 0; attempt < 10; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(readFileSync(pageFile('home'), 'utf8'), '<p>before the cut</p>');
    assert.deepEqual(tempFiles(), []);
    // The page is still saveable with the unchanged ETag.
    assert.equal((await put('home', '<p>after</p>', { 'if-match': etag })).status, 200);
  });

  it('never shows a concurrent reader a partly written page', { timeout: 15_000 }, async () => {
    const versions = ['a', 'b', 'c', 'd', 'e'].map((letter) => `<p>${letter.repeat(300 * 1024)}</p>`);
    writeFileSync(pageFile('contact'), versions[0]);
    const seen: string[] = [];
    let writing = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const response = await get('contact');
        assert.equal(response.status, 200);
        assert.equal(response.headers.etag, strongEtag(response.body), 'the ETag belongs to the bytes served');
        seen.push(response.body);
      }
    });
    const writer = (async () => {
      try {
        for (let index = 1; index < versions.length; index += 1) {
          const response = await put('contact', versions[index], { 'if-match': strongEtag(versions[index - 1]) });
          assert.equal(response.status, 200);
        }
      } finally {
        writing = false;
      }
    })();
    await within(Promise.all([writer, ...readers]), 12_000, 'readers and writer');
    assert.ok(seen.length > 0);
    for (const body of seen) assert.ok(versions.includes(body), `a reader saw ${body.length} bytes that match no complete version`);
    assert.equal(readFileSync(pageFile('contact'), 'utf8'), versions.at(-1));
  });

  it('rejects other methods with 405', async () => {
    const response = await rawRequest({ port, host: '127.0.0.1', path: '/api/pages/home', method: 'DELETE' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD, PUT');
  });
});
