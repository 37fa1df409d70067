import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { describe, it } from 'node:test';
import type { DddkHandler } from '../../../server/http/handler.js';
import { serveOverHttp } from './page-fixtures.js';

function put(origin: string, headers: Record<string, string>, chunks: readonly Buffer[], end = true): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/`, { method: 'PUT', agent: false, headers });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    if (end) request.end();
  });
}

describe('toNodeListener: request bodies', () => {
  it('streams a large body to the handler byte for byte', async () => {
    const handler: DddkHandler = async (request) => new Response(createHash('sha256').update(new Uint8Array(await request.arrayBuffer())).digest('hex'));
    const server = await serveOverHttp(handler);
    try {
      const chunks = Array.from({ length: 64 }, (_, index) => Buffer.alloc(32 * 1024, index));
      const expected = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
      assert.deepEqual(await put(server.origin, {}, chunks), { status: 200, body: expected });
    } finally {
      await server.close();
    }
  });

  it('survives a handler that cancels the body while more of it is arriving, and still answers', async () => {
    let cancelled = 0;
    const handler: DddkHandler = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const reader = request.body!.getReader();
      await reader.read();
      await reader.cancel();
      cancelled += 1;
      return new Response('refused', { status: 413, headers: { connection: 'close' } });
    };
    const server = await serveOverHttp(handler);
    try {
      for (let round = 0; round < 5; round++) {
        const reply = await put(server.origin, { 'content-length': String(8 * 1024 * 1024) }, [Buffer.alloc(256 * 1024, 'a')], false);
        assert.deepEqual(reply, { status: 413, body: 'refused' });
      }
      // An enqueue after the cancel would have thrown by now, outside the handler.
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(cancelled, 5);
    } finally {
      await server.close();
    }
  });
});
