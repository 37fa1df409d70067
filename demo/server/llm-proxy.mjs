// Forwards the browser's LLM calls to the configured OpenAI-compatible endpoint, adding the key on
// the way out. An allowlist of two routes, not an open proxy; responses stream through untouched so
// server-sent events reach the page chunk by chunk.
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { sendJsonError } from './http-replies.mjs';

/** Route (below `/api/llm/`) → the one method it accepts. */
const PROXIED_ROUTES = new Map([
  ['chat/completions', 'POST'],
  ['models', 'GET'],
]);

export const DEFAULT_MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/** Past this many bytes an oversized body is no longer drained politely: the connection is cut. */
const DRAIN_LIMIT_FACTOR = 4;

/** A reasoning model can think quietly for minutes; past this silence the upstream counts as stuck. */
const UPSTREAM_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** Upstream response headers worth passing to the browser; cookies and the rest stay behind. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'retry-after',
  'x-request-id',
  'openai-processing-ms',
  'x-ratelimit-limit-requests',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-reset-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-tokens',
];

const NOT_CONFIGURED_MESSAGE =
  'No LLM endpoint is configured on the demo server: set DDDK_LLM_BASE_URL to an OpenAI-compatible base URL ' +
  '(and DDDK_LLM_API_KEY, DDDK_LLM_MODEL if it needs them), then restart it.';

/**
 * @typedef {import('./llm-config.mjs').LlmUpstreamConfig} LlmUpstreamConfig
 */

/**
 * Handles one request under `/api/llm/`.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ route: string, config: LlmUpstreamConfig | undefined, maxBodyBytes?: number }} options
 */
export async function proxyLlmRequest(req, res, { route, config, maxBodyBytes = DEFAULT_MAX_REQUEST_BODY_BYTES }) {
  const method = PROXIED_ROUTES.get(route);
  if (!method) {
    return sendJsonError(
      res,
      404,
      `The demo server proxies only POST /api/llm/chat/completions and GET /api/llm/models, not /api/llm/${route}.`,
    );
  }
  if (req.method !== method) {
    return sendJsonError(res, 405, `/api/llm/${route} accepts ${method} only.`, { allow: method });
  }
  if (!config) return sendJsonError(res, 503, NOT_CONFIGURED_MESSAGE);

  let body;
  if (method === 'POST') {
    const read = await readBody(req, maxBodyBytes);
    if (read.kind === 'too-large') {
      sendJsonError(res, 413, `The request body is larger than the demo server's limit of ${maxBodyBytes} bytes.`, {
        connection: 'close',
      });
      if (read.cut) req.socket.destroySoon();
      return;
    }
    if (read.kind === 'aborted') return;
    const prepared = withDefaultModel(read.body, config.model);
    if (prepared.kind === 'invalid') return sendJsonError(res, 400, prepared.message);
    body = prepared.body;
  }

  forwardUpstream(req, res, { config, route, method, body });
}

/**
 * Reads the whole body up to `limit` bytes. An oversized body is drained (so the browser can read
 * the 413) unless it is far too large, in which case the connection is to be cut.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<{ kind: 'ok', body: Buffer } | { kind: 'too-large', cut: boolean } | { kind: 'aborted' }>}
 */
function readBody(req, limit) {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit * DRAIN_LIMIT_FACTOR) {
    return Promise.resolve({ kind: 'too-large', cut: true });
  }
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    let settled = false;
    const settle = (/** @type {any} */ result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (received > limit * DRAIN_LIMIT_FACTOR) {
        req.pause();
        settle({ kind: 'too-large', cut: true });
      } else if (received <= limit) {
        chunks.push(chunk);
      }
    });
    req.on('end', () =>
      settle(received > limit ? { kind: 'too-large', cut: false } : { kind: 'ok', body: Buffer.concat(chunks) }),
    );
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('aborted', () => settle({ kind: 'aborted' }));
  });
}

/**
 * Puts the server's default model into a chat request that names none.
 * @param {Buffer} body
 * @param {string | undefined} defaultModel
 * @returns {{ kind: 'ok', body: Buffer } | { kind: 'invalid', message: string }}
 */
function withDefaultModel(body, defaultModel) {
  let parsed;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'invalid', message: 'The request body is not valid JSON; send a chat completions request object.' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { kind: 'invalid', message: 'The request body must be a JSON object (a chat completions request).' };
  }
  const hasModel = typeof parsed.model === 'string' && parsed.model.trim() !== '';
  if (hasModel || !defaultModel) return { kind: 'ok', body };
  return { kind: 'ok', body: Buffer.from(JSON.stringify({ ...parsed, model: defaultModel })) };
}

/**
 * @param {LlmUpstreamConfig} config
 * @param {string} route
 */
function upstreamTarget(config, route) {
  const url = new URL(config.baseUrl.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${route}`;
  /** @type {Record<string, string>} */
  const auth = {};
  if (config.apiKey) {
    auth.authorization = `Bearer ${config.apiKey}`;
  } else if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    auth.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  url.username = '';
  url.password = '';
  return { url, auth };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ config: LlmUpstreamConfig, route: string, method: string, body: Buffer | undefined }} call
 */
function forwardUpstream(req, res, { config, route, method, body }) {
  const { url, auth } = upstreamTarget(config, route);
  // Built from scratch: the browser's cookies and Authorization never travel upstream.
  /** @type {Record<string, string>} */
  const headers = {
    accept: typeof req.headers.accept === 'string' ? req.headers.accept : '*/*',
    // Compressed SSE can sit in a compressor's buffer; ask for the bytes as they are made.
    'accept-encoding': 'identity',
    'user-agent': 'dddk-demo-server',
    ...auth,
  };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }

  const transport = url.protocol === 'https:' ? https : http;
  const upstreamReq = transport.request(url, { method, headers });
  let browserGone = false;

  res.on('close', () => {
    if (!res.writableFinished) {
      browserGone = true;
      upstreamReq.destroy();
    }
  });

  upstreamReq.setTimeout(UPSTREAM_IDLE_TIMEOUT_MS, () => {
    upstreamReq.destroy(Object.assign(new Error('upstream idle timeout'), { code: 'ETIMEDOUT' }));
  });

  upstreamReq.on('response', (upstreamRes) => {
    /** @type {Record<string, string>} */
    const forwarded = { 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' };
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstreamRes.headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    forwarded['cache-control'] ??= 'no-cache';
    res.writeHead(upstreamRes.statusCode ?? 502, forwarded);
    res.flushHeaders();
    pipeline(upstreamRes, res).catch(() => {
      // The upstream broke off mid-stream or the browser left: end the browser's stream visibly.
      res.destroy();
      upstreamReq.destroy();
    });
  });

  upstreamReq.on('error', (error) => {
    if (browserGone) return;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? error.message;
    const status = code === 'ETIMEDOUT' ? 504 : 502;
    sendJsonError(
      res,
      status,
      `The LLM endpoint set in DDDK_LLM_BASE_URL could not be reached (${code}): check that it is running and that the URL is right.`,
    );
  });

  upstreamReq.end(body);
}
