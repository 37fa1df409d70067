import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createPageStoreHandler, memoryPageBackend, pageEtag } from '../../../server/index.js';
import { EDITOR_HEADERS, editorAuthorize, SEED_PAGE, serveOverHttp, withRegion } from './page-fixtures.js';

const LIMIT = 64 * 1024;

interface RawReply {
  readonly status: number;
  readonly body: string;
  /** Body bytes the client had written when the answer came. */
  readonly written: number;
}

/**
 * A PUT that streams `total` bytes in chunks, honouring backpressure, and stops writing as soon as
 * the answer arrives: what a server that reads everything before answering could never give.
 */
function streamingPut(origin: string, total: number, headers: Record<string, string>): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let written = 0;
    let answered = false;
    const request = http.request(`${origin}/api/pages/home`, { method: 'PUT', agent: false, headers: { 'content-type': 'text/html', ...EDITOR_HEADERS, ...headers } });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, written });
        request.destroy();
      });
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.byteLength;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe('page store over node:http', () => {
  const backend = memoryPageBackend();
  let server: Awaited<ReturnType<typeof serveOverHttp>>;
  before(async () => {
    await backend.seed('home', SEED_PAGE);
    server = await serveOverHttp(createPageStoreHandler({ backend, authorize: editorAuthorize, maxBytes: LIMIT }));
  });
  after(() => server.close());

  it('answers 413 to a declared length over the limit without waiting for the body', { timeout: 5_000 }, async () => {
    const reply = await streamingPut(server.origin, 1024, { 'if-match': '*', 'content-length': String(10 * 1024 * 1024) });
    assert.equal(reply.status, 413);
    assert.match(reply.body, /limit of 65536 bytes/);
    assert.equal((await backend.read('home'))!.html, SEED_PAGE);
  });

  it('answers 413 to a chunked body as soon as it passes the limit, long before its end', { timeout: 10_000 }, async () => {
    const total = 64 * 1024 * 1024;
    const reply = await streamingPut(server.origin, total, { 'if-match': '*' });
    assert.equal(reply.status, 413);
    assert.ok(reply.written < total / 4, `the client had written ${reply.written} of ${total} bytes when the answer came`);
    assert.equal((await backend.read('home'))!.html, SEED_PAGE);
  });

  it('saves nothing when the client is cut off mid-body, and the page stays saveable', { timeout: 5_000 }, async () => {
    const etag = await pageEtag(SEED_PAGE);
    await new Promise<void>((resolve) => {
      const request = http.request(`${server.origin}/api/pages/home`, { method: 'PUT', agent: false, headers: { 'content-type': 'text/html', 'if-match': etag, 'content-length': String(40_000), ...EDITOR_HEADERS } });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(SEED_PAGE);
      setTimeout(() => request.destroy(), 50);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal((await backend.read('home'))!.html, SEED_PAGE);
    const next = withRegion(SEED_PAGE, 'intro', '<p>after the cut</p>');
    const response = await fetch(`${server.origin}/api/pages/home`, { method: 'PUT', headers: { 'content-type': 'text/html', 'if-match': etag, ...EDITOR_HEADERS }, body: next });
    assert.equal(response.status, 200);
  });

  it('serves GET and HEAD with the document headers through the adapter', async () => {
    const get = await fetch(`${server.origin}/api/pages/home`);
    const text = await get.text();
    assert.equal(get.status, 200);
    assert.equal(get.headers.get('etag'), await pageEtag(text));
    assert.equal(get.headers.get('content-disposition'), 'attachment; filename="home.html"');
    const head = await fetch(`${server.origin}/api/pages/home`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), get.headers.get('content-length'));
    assert.equal(await head.text(), '');
  });
});
