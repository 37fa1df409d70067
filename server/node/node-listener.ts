/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DddkHandler } from '../http/handler.js';
import { jsonError } from '../http/json-error.js';

export interface NodeListenerOptions {
  /** Called with an error the handler threw; the client gets a 500 without its details. */
  readonly onError?: (error: unknown, request: IncomingMessage) => void;
}

/**
 * Mounts a Web-standard handler on Node's `http` server (or Express, which passes the same objects):
 * the body streams in as a `ReadableStream`, the answer streams out with backpressure, and the
 * client going away aborts `request.signal`, which the handler passes on to its upstream.
 */
export function toNodeListener(handler: DddkHandler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(handler, req, res).catch((error: unknown) => {
      options.onError?.(error, req);
      if (!res.headersSent) void writeResponse(res, jsonError(500, 'internal_error', 'The server failed on this request; its log has the details.'), false);
      else res.destroy();
    });
  };
}

async function serve(handler: DddkHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? '';
  // Only origin-form targets: an absolute URL or `*` would make this a forward proxy, which it is not.
  if (!target.startsWith('/')) return writeResponse(res, jsonError(400, 'bad_request', 'Bad request target: expected a path starting with "/".'), false);
  const request = toRequest(req, res);
  if (!request) return writeResponse(res, jsonError(400, 'bad_request', 'The Host header is not a valid host name.'), false);
  const response = await handler(request, { ...(req.socket.remoteAddress ? { clientAddress: req.socket.remoteAddress } : {}) });
  await writeResponse(res, response, req.method === 'HEAD');
}

function toRequest(req: IncomingMessage, res: ServerResponse): Request | undefined {
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  let url: URL;
  try {
    url = new URL(`${scheme}://${req.headers.host ?? 'localhost'}${req.url}`);
  } catch {
    return undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const aborter = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort(new Error('the client closed the connection'));
  });
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: aborter.signal,
    ...(hasBody ? { body: requestBody(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The request body as a web stream, with backpressure. Not `Readable.toWeb`: on Node 20 a body
 * cancelled while a read was pending (a handler refusing an oversized body) still gets a chunk
 * enqueued afterwards, which throws outside any handler and takes the process down. A cancelled
 * body is discarded as it arrives, as Node does with a body nobody reads.
 */
function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (settled) return;
          // A copy, so the chunk owns its bytes rather than sharing the socket's buffer.
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (!settled) controller.close();
          settled = true;
        });
        const fail = (error: Error) => {
          if (!settled) controller.error(error);
          settled = true;
        };
        req.once('error', fail);
        req.once('close', () => fail(new Error('the client closed the connection before the body ended')));
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

async function writeResponse(res: ServerResponse, response: Response, headOnly: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body || headOnly) {
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  res.flushHeaders();
  await pipeBody(response.body, res);
}

/**
 * Writes chunk by chunk, waiting for `drain` when the socket is full; a closed socket cancels the
 * body (which ends a pending read). One listener per answer rather than a race per chunk: a stream
 * writes thousands of small chunks, and each race would be two promises more.
 */
async function pipeBody(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  let closed = false;
  let wakeDrain: (() => void) | undefined;
  const onClose = () => {
    closed = true;
    wakeDrain?.();
    void reader.cancel().catch(() => undefined);
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const next = await reader.read();
      if (closed) return;
      if (next.done) break;
      if (!res.write(next.value)) {
        await new Promise<void>((resolve) => {
          wakeDrain = resolve;
          res.once('drain', resolve);
        });
        wakeDrain = undefined;
        if (closed) return;
      }
    }
    res.off('close', onClose);
    res.end();
  } catch {
    // The body broke off mid-stream (an upstream cut): end the client's stream visibly.
    res.off('close', onClose);
    await reader.cancel().catch(() => undefined);
    res.destroy();
  }
}
