import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoServer, type DemoServer } from '../../../demo/server.mjs';
import { createServerSession } from '../../../core/llm/server-session.js';
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

const refused = (code: string) => new Response(JSON.stringify({ error: { code, message: 'no session' } }), { status: 401, headers: { 'content-type': 'application/json' } });

/** A headers function handing out token-1, token-2…, a new one on each refresh; records its calls. */
function sessionHeaders() {
  const calls: Array<{ refresh?: boolean } | undefined> = [];
  let issued = 1;
  const headers = async (options?: { refresh?: boolean }) => {
    calls.push(options);
    if (options?.refresh) issued++;
    return { authorization: `Bearer token-${issued}` };
  };
  return { headers, calls };
}

describe('HTTP document store with headers from a function', () => {
  it('calls the function before every request; the store\'s own headers still win', async () => {
    const { headers, calls } = sessionHeaders();
    const { fetchImpl, calls: sent } = scriptedFetch([page('<p>v1</p>', '"v1"'), page('{}', '"v2"')]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl, headers: async () => ({ ...(await headers()), 'if-match': 'forged' }) });
    await store.read();
    await store.write({ html: '<p>v2</p>' });
    assert.equal(calls.length, 2);
    assert.deepEqual(sent.map((call) => [call.method, call.headers.authorization, call.headers['if-match']]), [
      ['GET', 'Bearer token-1', 'forged'],
      ['PUT', 'Bearer token-1', '"v1"'],
    ]);
  });

  for (const code of ['session_expired', 'session_required']) {
    it(`a 401 with ${code} asks for fresh headers and sends the same request once more`, async () => {
      const { headers, calls } = sessionHeaders();
      const { fetchImpl, calls: sent } = scriptedFetch([refused(code), page('<p>v1</p>', '"v1"'), refused(code), page('{}', '"v2"')]);
      const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl, headers });
      assert.equal(await store.read(), '<p>v1</p>');
      await store.write({ html: '<p>v2</p>' });
      assert.deepEqual(calls, [undefined, { refresh: true }, undefined, { refresh: true }]);
      assert.deepEqual(sent.map((call) => [call.method, call.headers.authorization, call.body]), [
        ['GET', 'Bearer token-1', undefined],
        ['GET', 'Bearer token-2', undefined],
        ['PUT', 'Bearer token-2', '<p>v2</p>'],
        ['PUT', 'Bearer token-3', '<p>v2</p>'],
      ]);
    });
  }

  it('a second refusal is an http error; exactly one request was sent again', async () => {
    const { headers } = sessionHeaders();
    const { fetchImpl, calls } = scriptedFetch([refused('session_expired'), refused('session_expired'), page('x', '"a"')]);
    const store = createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fetchImpl, headers });
    await assert.rejects(store.read(), (error: unknown) => error instanceof DocumentStoreError && error.code === 'http' && error.status === 401);
    assert.equal(calls.length, 2);
  });

  it('another 401, or a refusal to fixed headers, is not sent again', async () => {
    const { headers } = sessionHeaders();
    const other = scriptedFetch([refused('bad_token'), page('x', '"a"')]);
    await assert.rejects(createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: other.fetchImpl, headers }).read(), (error: unknown) => error instanceof DocumentStoreError && error.status === 401);
    assert.equal(other.calls.length, 1);
    const fixed = scriptedFetch([refused('session_expired'), page('x', '"a"')]);
    await assert.rejects(createHttpDocumentStore({ url: URL_UNDER_TEST, fetch: fixed.fetchImpl, headers: { authorization: 'Bearer old' } }).read(), (error: unknown) => error instanceof DocumentStoreError && error.status === 401);
    assert.equal(fixed.calls.length, 1);
  });

  it('a headers function that throws fails the request before anything is sent', async () => {
    const { fetchImpl, calls } = scriptedFetch([page('x', '"a"')]);
    const store = createHttpDocumentStore({
      url: URL_UNDER_TEST,
      fetch: fetchImpl,
      headers: () => {
        throw new Error('session endpoint down');
      },
    });
    await assert.rejects(store.read(), (error: unknown) => error instanceof DocumentStoreError && /GET .* was not sent: the `headers` function failed \(session endpoint down\)/.test(error.message));
    assert.equal(calls.length, 0);
  });

  it('refuses headers that are neither a record of strings nor a function', () => {
    assert.throws(() => createHttpDocumentStore({ url: URL_UNDER_TEST, headers: 'Bearer x' as never }), /createHttpDocumentStore: `headers` must be an object of header names to string values, or a function/);
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

  it('saves through the real endpoint with a session token and refuses the second of two editors', { timeout: 5000 }, async () => {
    const url = `${server.url}api/pages/about`;
    const session = createServerSession({ url: `${server.url}api/session` });
    const first = createHttpDocumentStore({ url, headers: session.headers });
    const second = createHttpDocumentStore({ url, headers: session.headers });
    const original = await first.read();
    assert.equal(await second.read(), original);
    const story = (text: string) => original.replace('older than the shop.', text);
    await first.write({ html: story('older than the shop. <em>Still going.</em>') });
    await assert.rejects(second.write({ html: story('clobbered.') }), StaleWriteError);
    assert.equal(readFileSync(path.join(contentDir, 'about.html'), 'utf8'), story('older than the shop. <em>Still going.</em>'));
    // The first editor keeps saving with the ETag its save returned.
    await first.write({ html: story('second save.') });
    assert.equal(await second.read(), story('second save.'));
  });

  it('a save without a session token, or outside the regions, is refused and changes nothing', { timeout: 5000 }, async () => {
    const url = `${server.url}api/pages/about`;
    const anonymous = createHttpDocumentStore({ url });
    const before = await anonymous.read();
    await assert.rejects(anonymous.write({ html: before.replace('About us', 'Hacked') }), (error: unknown) => error instanceof DocumentStoreError && /HTTP 401/.test(error.message));
    const session = createServerSession({ url: `${server.url}api/session` });
    const editor = createHttpDocumentStore({ url, headers: session.headers });
    await editor.read();
    await assert.rejects(editor.write({ html: `${before}<script>alert(1)</script>` }), (error: unknown) => error instanceof DocumentStoreError && /HTTP 422/.test(error.message));
    assert.equal(readFileSync(path.join(contentDir, 'about.html'), 'utf8'), before);
  });
});
