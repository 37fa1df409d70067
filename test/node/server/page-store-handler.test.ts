import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHttpDocumentStore } from '../../../core/targets/stores/index.js';
import { pageSecurityHeaders } from '../../../server/http/security-headers.js';
import { createPageStoreHandler, memoryPageBackend, pageEtag, STORED_DOCUMENT_CSP, type PageBackend, type PageStoreHandlerOptions } from '../../../server/index.js';
import { EDITOR_HEADERS, editorAuthorize, SEED_PAGE, withRegion } from './page-fixtures.js';

const URL_OF = (id: string) => `http://localhost/api/pages/${id}`;

async function setup(options: Partial<PageStoreHandlerOptions> = {}) {
  const backend = options.backend ?? memoryPageBackend();
  await backend.seed('home', SEED_PAGE);
  const handler = createPageStoreHandler({ backend, authorize: editorAuthorize, ...options });
  const get = (id = 'home', headers: Record<string, string> = {}, method = 'GET') => handler(new Request(URL_OF(id), { method, headers }));
  const put = (body: BodyInit, headers: Record<string, string> = {}, id = 'home') =>
    handler(new Request(URL_OF(id), { method: 'PUT', headers: { 'content-type': 'text/html; charset=utf-8', ...EDITOR_HEADERS, ...headers }, body }));
  const stored = async () => (await backend.read('home'))!;
  return { backend, handler, get, put, stored };
}

async function errorOf(response: Response): Promise<{ code: string; message: string; status: number }> {
  return ((await response.json()) as { error: { code: string; message: string; status: number } }).error;
}

describe('createPageStoreHandler: options', () => {
  it('refuses to be made without authorize, naming it', () => {
    assert.throws(() => createPageStoreHandler({ backend: memoryPageBackend() } as unknown as PageStoreHandlerOptions), (error: Error) => error instanceof TypeError && /`authorize` is required/.test(error.message));
  });
  it('refuses a missing backend, a validate that is not a function or false, and a bad serveAs, basePath or maxBytes', () => {
    const base = { backend: memoryPageBackend(), authorize: editorAuthorize };
    for (const [options, field] of [
      [{ authorize: editorAuthorize }, 'backend'],
      [{ ...base, validate: true }, 'validate'],
      [{ ...base, serveAs: 'html' }, 'serveAs'],
      [{ ...base, basePath: '/api/pages' }, 'basePath'],
      [{ ...base, maxBytes: 0 }, 'maxBytes'],
    ] as const) {
      assert.throws(() => createPageStoreHandler(options as unknown as PageStoreHandlerOptions), new RegExp(`\`${field}\``));
    }
  });
});

describe('createPageStoreHandler: reads', () => {
  it('serves a stored document as data that cannot run on the site', async () => {
    const { get } = await setup();
    const response = await get();
    assert.equal(response.status, 200);
    assert.equal(await response.text(), SEED_PAGE);
    assert.equal(response.headers.get('etag'), await pageEtag(SEED_PAGE));
    assert.match(response.headers.get('etag')!, /^"[A-Za-z0-9_-]{43}"$/);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="home.html"');
    assert.equal(response.headers.get('content-security-policy'), "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:");
    assert.equal(STORED_DOCUMENT_CSP, response.headers.get('content-security-policy'));
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('cross-origin-resource-policy'), 'same-origin');
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('content-length'), String(new TextEncoder().encode(SEED_PAGE).byteLength));
  });

  it('answers HEAD with the same headers and no body', async () => {
    const { get } = await setup();
    const [full, head] = [await get(), await get('home', {}, 'HEAD')];
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
    for (const name of ['etag', 'content-type', 'content-length', 'content-disposition', 'content-security-policy']) assert.equal(head.headers.get(name), full.headers.get(name), name);
  });

  it("serves as one of the site's pages only when the host says serveAs: 'page'", async () => {
    const { get } = await setup({ serveAs: 'page' });
    const response = await get();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-disposition'), null);
    assert.equal(response.headers.get('content-security-policy'), pageSecurityHeaders()['content-security-policy']);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(await response.text(), SEED_PAGE);
  });

});

describe('createPageStoreHandler: conditional reads, errors and the client', () => {
  it('answers 304 to If-None-Match naming the current tag (weakly, in a list, or *) and 200 otherwise', async () => {
    const { get } = await setup();
    const etag = await pageEtag(SEED_PAGE);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get('home', { 'if-none-match': header });
      assert.equal(response.status, 304, header);
      assert.equal(response.headers.get('etag'), etag);
      assert.equal(await response.text(), '');
    }
    assert.equal((await get('home', { 'if-none-match': '"other"' })).status, 200);
    assert.equal((await get('home', { 'if-none-match': 'not-quoted' })).status, 400);
    assert.equal((await get('home', { 'if-match': '"other"' })).status, 412);
  });

  it('answers 404 for an unknown page, 400 for a bad id, 404 off its path, 405 for other methods, 421 for a foreign host', async () => {
    const { get, handler } = await setup();
    const missing = await get('no-such-page');
    assert.equal(missing.status, 404);
    assert.match((await errorOf(missing)).message, /seed\(\)/);
    for (const id of ['Home', 'a_b', '..%2Fpackage', 'x'.repeat(65), 'home.html', 'a/b', '']) {
      const response = await get(id);
      assert.equal(response.status, 400, `id ${id}`);
      assert.match((await errorOf(response)).message, /1 to 64 characters of a-z, 0-9 and "-"/);
    }
    assert.equal((await get('x'.repeat(64))).status, 404);
    // URL parsing turns an encoded dot segment into a real one: the path leaves the store's prefix.
    assert.equal((await get('%2e%2e')).status, 404);
    assert.equal((await handler(new Request('http://localhost/api/other/home'))).status, 404);
    const deleted = await get('home', {}, 'DELETE');
    assert.equal(deleted.status, 405);
    assert.equal(deleted.headers.get('allow'), 'GET, HEAD, PUT');
    const foreign = await handler(new Request('http://evil.example/api/pages/home'));
    assert.equal(foreign.status, 421);
  });

  it('asks authorize for reads only with authorizeReads: true', async () => {
    const open = await setup();
    assert.equal((await open.get()).status, 200);
    const closed = await setup({ authorizeReads: true });
    assert.equal((await closed.get()).status, 401);
    assert.equal((await closed.get('home', EDITOR_HEADERS)).status, 200);
  });

  it('works with the client store (fetch + text, GET with ETag, PUT with If-Match) in both serving modes', async () => {
    for (const serveAs of ['data', 'page'] as const) {
      const { handler, stored } = await setup({ serveAs });
      const store = createHttpDocumentStore({ url: URL_OF('home'), headers: EDITOR_HEADERS, fetch: (async (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch });
      const html = await store.read();
      assert.equal(html, SEED_PAGE);
      const next = withRegion(html, 'intro', '<p>Hello from the client.</p>');
      await store.write({ html: next });
      assert.equal((await stored()).html, next, serveAs);
      await store.write({ html: withRegion(next, 'news', '<ul><li>Second</li></ul>') });
    }
  });
});

describe('createPageStoreHandler: writes', () => {
  it('saves a valid region edit and answers { ok, etag } with the etag header', async () => {
    const { put, get, stored } = await setup();
    const next = withRegion(SEED_PAGE, 'intro', '<p>Welcome <strong>back</strong>.</p>');
    const response = await put(next, { 'if-match': await pageEtag(SEED_PAGE) });
    assert.equal(response.status, 200);
    const etag = await pageEtag(next);
    assert.equal(response.headers.get('etag'), etag);
    assert.deepEqual(await response.json(), { ok: true, etag });
    assert.equal((await stored()).html, next);
    assert.equal((await get()).headers.get('etag'), etag);
  });

  it("returns authorize's refusal as it is, before reading the body", async () => {
    const { handler, stored } = await setup();
    const response = await handler(new Request(URL_OF('home'), { method: 'PUT', headers: { 'content-type': 'text/html', 'if-match': '*' }, body: 'x' }));
    assert.equal(response.status, 401);
    assert.equal((await errorOf(response)).message, 'editors only (test)');
    assert.equal((await stored()).html, SEED_PAGE);
  });

  it('refuses a PUT from a page of another origin', async () => {
    const { put } = await setup();
    assert.equal((await put(SEED_PAGE, { 'if-match': '*', origin: 'https://evil.example' })).status, 403);
  });

  it('answers 415 for a body that is not text/html or not UTF-8 by its charset', async () => {
    const { put } = await setup();
    for (const type of ['text/plain', 'application/json', 'text/html; charset=iso-8859-1']) {
      const response = await put(SEED_PAGE, { 'content-type': type, 'if-match': '*' });
      assert.equal(response.status, 415, type);
      assert.equal((await errorOf(response)).code, 'unsupported_media_type');
    }
    assert.equal((await put(SEED_PAGE, { 'content-type': 'TEXT/HTML;charset="UTF-8"', 'if-match': '*' })).status, 200);
  });

  it('answers 428 without If-Match, 400 for an unreadable one', async () => {
    const { put } = await setup();
    const missing = await put(SEED_PAGE);
    assert.equal(missing.status, 428);
    assert.equal((await errorOf(missing)).code, 'precondition_required');
    assert.match((await errorOf(await put(SEED_PAGE, { 'if-match': 'abc' }))).message, /quoted entity tag/);
  });

});

describe('createPageStoreHandler: writes, conditions and bytes', () => {
  it('answers 412 with the current ETag for a stale or weak tag, and accepts a list naming the current one', async () => {
    const { put, stored } = await setup();
    const current = await pageEtag(SEED_PAGE);
    const next = withRegion(SEED_PAGE, 'intro', '<p>New.</p>');
    for (const header of ['"stale"', `W/${current}`, '"a", "b"']) {
      const response = await put(next, { 'if-match': header });
      assert.equal(response.status, 412, header);
      assert.equal(response.headers.get('etag'), current);
      const body = (await response.json()) as { etag: string; error: { code: string } };
      assert.equal(body.etag, current);
      assert.equal(body.error.code, 'precondition_failed');
    }
    assert.equal((await stored()).html, SEED_PAGE);
    assert.equal((await put(next, { 'if-match': `"x,y", ${current}` })).status, 200);
  });

  it('lets If-Match: * save over an existing page and answers 404 for a missing one (pages are not created over HTTP)', async () => {
    const { put } = await setup();
    assert.equal((await put(withRegion(SEED_PAGE, 'intro', '<p>Any.</p>'), { 'if-match': '*' })).status, 200);
    const missing = await put(SEED_PAGE, { 'if-match': '*' }, 'new-page');
    assert.equal(missing.status, 404);
    assert.match((await errorOf(missing)).message, /not created over HTTP/);
  });

  it('refuses malformed UTF-8 and binary bytes with 400, storing nothing', async () => {
    const { put, stored } = await setup();
    const utf8 = new TextEncoder().encode(withRegion(SEED_PAGE, 'intro', '<p>é</p>'));
    const at = utf8.indexOf(0xc3);
    const broken = utf8.slice();
    broken[at + 1] = 0x28; // a lead byte followed by ASCII: no longer UTF-8
    const bodies: Array<[string, Uint8Array<ArrayBuffer>, RegExp]> = [
      ['malformed UTF-8', broken, /not valid UTF-8 \(at byte \d+\)/],
      ['an overlong encoding', Uint8Array.from([0x3c, 0x70, 0x3e, 0xc0, 0xaf]), /not valid UTF-8 \(at byte 3\)/],
      ['a NUL byte', new TextEncoder().encode(withRegion(SEED_PAGE, 'intro', '<p>a\u0000b</p>')), /NUL character/],
      ['PNG bytes', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /not valid UTF-8/],
      ['a control character', new TextEncoder().encode(`\u0001${SEED_PAGE}`), /control character U\+0001/],
    ];
    for (const [what, bytes, reason] of bodies) {
      const response = await put(bytes, { 'if-match': '*' });
      assert.equal(response.status, 400, what);
      assert.match((await errorOf(response)).message, reason, what);
    }
    assert.equal((await stored()).html, SEED_PAGE);
  });

  it('answers a backend failure with a retryable 503 and tells onError', async () => {
    const errors: unknown[] = [];
    const broken: PageBackend = { ...memoryPageBackend(), read: async () => Promise.reject(new Error('disk on fire')) };
    const { put, get } = await setup({ backend: broken, onError: (error) => errors.push(error) });
    for (const response of [await get(), await put(SEED_PAGE, { 'if-match': '*' })]) {
      assert.equal(response.status, 503);
      const error = (await response.json()) as { error: { code: string; retryable: boolean; message: string } };
      assert.equal(error.error.code, 'storage_error');
      assert.equal(error.error.retryable, true);
      assert.doesNotMatch(error.error.message, /fire/);
    }
    assert.equal(errors.length, 2);
    assert.match(String(errors[0]), /disk on fire/);
  });
});
