import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { anthropicDeltas, anthropicErrorBody, anthropicErrorEvent, anthropicMalformedEvent, anthropicStream } from './anthropic-wire.js';
import { openAIDeltas, openAIErrorBody, openAIErrorEvent, openAIMalformedEvent, openAIStream } from './openai-wire.js';
import type { MockDeltas, MockFault, MockFaultPoint, MockHttpError, MockResponse, MockStreamShape, MockTurn, MockWire, RecordedRequest } from './types.js';
import { argumentsText, cutInsideString, type BuiltStream, type TurnContext } from './wire-shared.js';

export type * from './types.js';

export interface MockLLM {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** The OpenAI-compatible `baseURL` of a scenario: `<url>/s/<id>/v1`. */
  openAIBaseURL(id: string): string;
  /** The Anthropic `baseURL` of a scenario: `<url>/s/<id>` (the provider appends `/v1/messages`). */
  anthropicBaseURL(id: string): string;
  /** Queues responses for a scenario; each request to it takes the next one. */
  script(id: string, responses: MockResponse[]): void;
  /**
   * Answers a scenario's requests from what they carry, once its queue is empty (in-process only):
   * for a turn that must name what the page showed, like an element id of the page the agent read.
   */
  respondWith(id: string, responder: (request: RecordedRequest) => MockResponse): void;
  /** What the scenario's requests carried, in arrival order. */
  requests(id: string): RecordedRequest[];
  close(): Promise<void>;
}

interface Scenario {
  queue: MockResponse[];
  requests: RecordedRequest[];
  responder?: (request: RecordedRequest) => MockResponse;
}

const ALLOWED_HEADERS = [
  'authorization',
  'x-api-key',
  'anthropic-version',
  'anthropic-beta',
  'anthropic-dangerous-direct-browser-access',
  'content-type',
  'accept',
];

/**
 * A local server that speaks OpenAI Chat Completions and Anthropic Messages streaming, replays scripted
 * turns per scenario (`/s/<id>/…`, so parallel tests never share a queue) and injects faults on demand.
 * Browser tests drive it through `POST /__control/script` and `GET /__control/requests/<id>`.
 */
export async function startMockLLM(options: { port?: number; host?: string } = {}): Promise<MockLLM> {
  const scenarios = new Map<string, Scenario>();
  const scenario = (id: string): Scenario => {
    let found = scenarios.get(id);
    if (!found) scenarios.set(id, (found = { queue: [], requests: [] }));
    return found;
  };
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    handle(request, response, scenario).catch((error: unknown) => {
      if (!response.headersSent) sendJSON(response, 500, { error: { message: `mock-llm: ${String(error)}` } });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openAIBaseURL: (id) => `${url}/s/${encodeURIComponent(id)}/v1`,
    anthropicBaseURL: (id) => `${url}/s/${encodeURIComponent(id)}`,
    script: (id, responses) => void scenario(id).queue.push(...responses),
    respondWith: (id, responder) => void (scenario(id).responder = responder),
    requests: (id) => scenario(id).requests.map((request) => ({ ...request })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, scenario: (id: string) => Scenario): Promise<void> {
  setCORS(request, response);
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  const path = (request.url ?? '/').split('?')[0]!;
  const text = await readBody(request);

  if (path === '/__control/script' && request.method === 'POST') {
    const { id, responses } = JSON.parse(text) as { id: string; responses: MockResponse[] };
    if (typeof id !== 'string' || !Array.isArray(responses)) {
      sendJSON(response, 400, { error: { message: 'mock-llm: POST /__control/script wants { id, responses: [] }' } });
      return;
    }
    scenario(id).queue.push(...responses);
    sendJSON(response, 200, { queued: scenario(id).queue.length });
    return;
  }
  const requestsPath = /^\/__control\/requests\/([^/]+)$/.exec(path);
  if (requestsPath && request.method === 'GET') {
    sendJSON(response, 200, scenario(decodeURIComponent(requestsPath[1]!)).requests);
    return;
  }

  const scoped = /^\/s\/([^/]+)(\/.*)$/.exec(path);
  const id = scoped ? decodeURIComponent(scoped[1]!) : 'default';
  const apiPath = scoped ? scoped[2]! : path;
  const wire: MockWire | undefined = apiPath.endsWith('/chat/completions') ? 'openai' : apiPath.endsWith('/messages') ? 'anthropic' : undefined;
  if (!wire || request.method !== 'POST') {
    sendJSON(response, 404, { error: { message: `mock-llm: no route for ${request.method} ${path}` } });
    return;
  }

  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Recorded as text: the test can see what was sent.
  }
  const state = scenario(id);
  const record: RecordedRequest = { method: request.method, path: apiPath, headers: flatHeaders(request), body, outcome: 'pending' };
  state.requests.push(record);
  response.once('close', () => {
    if (record.outcome === 'pending') record.outcome = response.writableFinished ? 'complete' : 'client-closed';
  });
  const next = state.queue.shift() ?? state.responder?.(record);
  if (!next) {
    // 400 so that clients do not retry: the script, not the server, is at fault.
    const message = `mock-llm: scenario "${id}" has no scripted response left (request ${state.requests.length})`;
    sendRaw(response, 400, wire === 'openai' ? openAIErrorBody(400, message) : anthropicErrorBody(400, message));
    return;
  }
  const context: TurnContext = {
    requestedModel: typeof body?.model === 'string' ? body.model : 'mock-model',
    includeUsage: body?.stream_options?.include_usage === true,
  };
  if ('status' in next) return sendError(response, wire, next);
  if ('deltas' in next) return sendDeltas(response, wire, next, context);
  return sendTurn(request, response, wire, next, context, record);
}

function sendError(response: ServerResponse, wire: MockWire, script: MockHttpError): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...script.headers };
  if (script.retryAfter !== undefined) headers['retry-after'] = String(script.retryAfter);
  const message = script.error?.message ?? `mock-llm: scripted HTTP ${script.status}`;
  const body = script.body ?? (wire === 'openai' ? openAIErrorBody(script.status, message, script.error?.type) : anthropicErrorBody(script.status, message, script.error?.type));
  response.writeHead(script.status, headers).end(body);
}

async function sendDeltas(response: ServerResponse, wire: MockWire, script: MockDeltas, context: TurnContext): Promise<void> {
  const payload = wire === 'openai' ? openAIDeltas(script, context) : anthropicDeltas(script, context);
  startEventStream(response);
  if (script.chunkSize === undefined && !script.delayMs) {
    response.end(payload);
    return;
  }
  const pieces = chunkBytes(Buffer.from(payload), script.chunkSize);
  if (script.delayMs) await writePieces(response, pieces, script);
  else await writeWithBackpressure(response, pieces);
  if (!response.destroyed) response.end();
}

/**
 * The benchmark's writer: each piece is its own write (its own HTTP chunk), with no pause between
 * them beyond what the socket's backpressure asks for, so that the server costs the clients nothing.
 */
async function writeWithBackpressure(response: ServerResponse, pieces: Buffer[]): Promise<void> {
  for (const piece of pieces) {
    if (response.destroyed) return;
    if (!response.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    }
  }
}

async function sendTurn(request: IncomingMessage, response: ServerResponse, wire: MockWire, turn: MockTurn, context: TurnContext, record: RecordedRequest): Promise<void> {
  const fault = turn.fault;
  if (fault?.type === 'reset-before-headers') {
    record.outcome = 'reset';
    request.socket.destroy();
    return;
  }
  if (fault?.type === 'headers-delay' && !(await pause(response, fault.ms))) return;

  const effective = fault?.type === 'cut-tool-arguments' ? cutFirstToolCall(turn) : turn;
  const built = wire === 'openai' ? openAIStream(effective, context) : anthropicStream(effective, context);
  const plan = planFault(built, fault, wire);

  startEventStream(response);
  const shape: MockStreamShape = { ...turn };
  if (fault?.type === 'split-multibyte' && shape.delayMs === undefined) shape.delayMs = 5;
  for (const step of plan) {
    if (response.destroyed) return;
    if ('pause' in step) {
      if (!(await pause(response, step.pause))) return;
      continue;
    }
    const bytes = Buffer.from(step.events.join(''));
    const pieces =
      fault?.type === 'split-multibyte' ? splitInsideMultibyte(bytes) : shape.chunkSize !== undefined ? chunkBytes(bytes, shape.chunkSize) : step.events.map((event) => Buffer.from(event));
    await writePieces(response, pieces, shape);
  }
  const last = plan[plan.length - 1];
  if (last && 'then' in last && last.then === 'destroy') {
    record.outcome = 'reset';
    response.socket?.destroy();
  } else response.end();
}

type Step = { events: string[]; then?: 'end' | 'destroy' } | { pause: number };

/** Where each fault acts, in terms of the built events. */
function planFault(built: BuiltStream, fault: MockFault | undefined, wire: MockWire): Step[] {
  const { events, end } = built;
  const point = (at: MockFaultPoint | undefined): number =>
    at === 'end' ? end : at === 'after-finish' ? end + 1 : (at ?? Math.max(1, Math.min(end, Math.floor(end / 2))));
  switch (fault?.type) {
    case 'reset':
      return [{ events: events.slice(0, point(fault.afterEvents)), then: 'destroy' }];
    case 'cut':
      return [{ events: events.slice(0, point(fault.afterEvents)), then: 'end' }];
    case 'stall': {
      const at = point(fault.afterEvents);
      return [{ events: events.slice(0, at) }, { pause: fault.ms }, { events: events.slice(at), then: 'end' }];
    }
    case 'malformed-json': {
      const at = point(fault.afterEvents);
      const broken = wire === 'openai' ? openAIMalformedEvent() : anthropicMalformedEvent();
      return [{ events: [...events.slice(0, at), broken, ...events.slice(at)], then: 'end' }];
    }
    case 'error-event': {
      const errorEvent = wire === 'openai' ? openAIErrorEvent(fault.error) : anthropicErrorEvent(fault.error);
      return [{ events: [...events.slice(0, point(fault.afterEvents)), errorEvent], then: 'end' }];
    }
    case 'cut-tool-arguments':
      return [{ events: fault.thenFinish ? events : events.slice(0, built.toolStops[0] ?? end), then: 'end' }];
    default:
      return [{ events, then: 'end' }];
  }
}

function cutFirstToolCall(turn: MockTurn): MockTurn {
  const [first] = turn.toolCalls ?? [];
  if (!first) throw new Error('mock-llm: the cut-tool-arguments fault needs a turn with toolCalls');
  return { ...turn, toolCalls: [{ ...first, arguments: cutInsideString(argumentsText(first)) }] };
}

function startEventStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.flushHeaders();
}

/** Writes pieces one by one, each flushed before the next, so the client reads them apart. */
async function writePieces(response: ServerResponse, pieces: Buffer[], shape: MockStreamShape): Promise<void> {
  for (let i = 0; i < pieces.length; i++) {
    if (response.destroyed) return;
    await new Promise<void>((resolve) => response.write(pieces[i]!, () => resolve()));
    if (i === pieces.length - 1) break;
    if (shape.delayMs) {
      if (!(await pause(response, shape.delayMs))) return;
    } else if (shape.chunkSize !== undefined) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function chunkBytes(bytes: Buffer, size: number | undefined): Buffer[] {
  const step = Math.max(1, Math.floor(size ?? bytes.length));
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += step) pieces.push(bytes.subarray(i, i + step));
  return pieces;
}

/** Cuts right after the lead byte of every multibyte UTF-8 sequence. */
function splitInsideMultibyte(bytes: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0xc0) {
      pieces.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) pieces.push(bytes.subarray(start));
  return pieces;
}

/** Waits `ms`; resolves false early when the client goes away. */
function pause(response: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (response.destroyed) return resolve(false);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(!response.destroyed);
    }, ms);
    response.once('close', onClose);
  });
}

function setCORS(request: IncomingMessage, response: ServerResponse): void {
  const asked = String(request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  response.setHeader('access-control-allow-headers', [...new Set([...ALLOWED_HEADERS, ...asked])].join(', '));
  response.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms, request-id, x-request-id');
  response.setHeader('access-control-max-age', '600');
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJSON(response: ServerResponse, status: number, value: unknown): void {
  sendRaw(response, status, JSON.stringify(value));
}

function sendRaw(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(body);
}
