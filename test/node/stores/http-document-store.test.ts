import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoServer, type DemoServer } from '../../../demo/server.mjs';
import { createHttpDocumentStore, DocumentStoreError, StaleWriteError } from '../../../core/targets/stores/index.js';

const SEED_CONTENT_DIR = fileURLToPath(new URL('../../../demo/content/', import.meta.url));
const URL_UNDER_TEST = 'https://example.test/api/pages/home';

interface RecordedCall {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch answering from a list of canned responses, recording what it was asked. */
function scriptedFetch(responses: Array<Response | Error>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined });
    const next = responses.shift();
    if (!next) throw new Error('scriptedFetch ran out of responses');
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const page = (body: string, etag: string | undefined, status = 200) =>
  new Response(body, { status, headers: etag ? { etag } : {} });

describe('HTTP document store with a scripted fetch', () => {
  it('sends the ETag it read as If-Match, then the ETag the save returned', async () => {
    const { fetchImpl, calls } = scriptedFetch([page('<p>v1</p>', '"v1"'), page('{}', '"v2"'), page('{}', '"v3"')]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl, headers: { authorization: 'Bearer t' } });
    assert.equal(await store.read(), '<p>v1</p>');
    await store.write({ html: '<p>v2</p>' });
    await store.write({ html: '<p>v3</p>' });
    assert.deepEqual(calls.map((call) => [call.method, call.headers['if-match'], call.headers.authorization]), [
      ['GET', undefined, 'Bearer t'],
      ['PUT', '"v1"', 'Bearer t'],
      ['PUT', '"v2"', 'Bearer t'],
    ]);
    assert.equal(calls[1].body, '<p>v2</p>');
  });

  for (const status of [409, 412]) {
    it(`turns HTTP ${status} into a StaleWriteError telling to reload`, async () => {
      const { fetchImpl } = scriptedFetch([page('x', '"a"'), page('{"error":{}}', undefined, status)]);
      const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl });
      await store.read();
      await assert.rejects(store.write({ html: 'y' }), (error: unknown) => {
        assert.ok(error instanceof StaleWriteError);
        assert.match(error.message, /changed elsewhere/);
        assert.match(error.message, /reload/);
        return true;
      });
    });
  }

  it('names the status and the URL of any other HTTP error', async () => {
    const { fetchImpl } = scriptedFetch([new Response('nope', { status: 503, statusText: 'Service Unavailable' })]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl });
    await assert.rejects(store.read(), (error: unknown) => {
      assert.ok(error instanceof DocumentStoreError);
      assert.equal(error.code, 'http');
      assert.equal(error.status, 503);
      assert.match(error.message, /GET https:\/\/example\.test\/api\/pages\/home failed with HTTP 503/);
      return true;
    });
  });

  it('reports a network failure as such', async () => {
    const { fetchImpl } = scriptedFetch([new TypeError('fetch failed')]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl });
    await assert.rejects(store.read(), (error: unknown) => error instanceof DocumentStoreError && error.code === 'network' && /got no answer \(fetch failed\)/.test(error.message));
  });

  it('refuses to read a page served without an ETag, since saving it could not be checked', async () => {
    const { fetchImpl } = scriptedFetch([page('x', undefined)]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl });
    await assert.rejects(store.read(), (error: unknown) => error instanceof DocumentStoreError && error.code === 'missing-version');
  });

  it('refuses a write before a read without sending anything', async () => {
    const { fetchImpl, calls } = scriptedFetch([]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl });
    await assert.rejects(store.write({ html: 'x' }), (error: unknown) => error instanceof DocumentStoreError && error.code === 'not-read');
    assert.equal(calls.length, 0);
  });
});

describe('HTTP document store against the demo server', () => {
  let contentDir: string;
  let server: DemoServer;
  before(async () => {
    contentDir = mkdtempSync(path.join(tmpdir(), 'dddk-store-pages-'));
    cpSync(SEED_CONTENT_DIR, contentDir, { recursive: true });
    server = await startDemoServer({ port: 0, host: '127.0.0.1', env: { DDDK_DEMO_CONTENT_DIR: contentDir } });
  });
  after(async () => {
    await server?.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('saves through the real endpoint and refuses the second of two editors', { timeout: 5000 }, async () => {
    const url = `${server.url}api/pages/about`;
    const first = createHttpDocumentStore({ url });
    const second = createHttpDocumentStore({ url });
    const original = await first.read();
    assert.equal(await second.read(), original);
    await first.write({ html: `${original}<p>added</p>` });
    await assert.rejects(second.write({ html: 'clobber' }), StaleWriteError);
    assert.equal(readFileSync(path.join(contentDir, 'about.html'), 'utf8'), `${original}<p>added</p>`);
    // The first editor keeps saving with the ETag its save returned.
    await first.write({ html: 'second save' });
    assert.equal(await second.read(), 'second save');
  });
});
