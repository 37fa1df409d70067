import { sessionAuthorize, type Authorize } from '../auth/authorize.js';
import type { SessionTokens } from '../auth/session-tokens.js';
import type { DddkHandler, RequestContext } from '../http/handler.js';
import { jsonError, jsonResponse } from '../http/json-error.js';
import { mediaType, readBodyWithLimit } from '../http/read-body.js';
import { checkHost, type OriginPolicy } from '../http/request-checks.js';
import type { Limiter } from '../limits/limiter.js';
import { memoryLimiter } from '../limits/memory-limiter.js';
import { admitCall } from './admit-call.js';
import { resolveLimits, resolveTimeouts, type LlmLimits, type LlmTimeouts } from './llm-limits.js';
import { checkUpstream, routeOf, upstreamSecrets, type LlmRoute, type LlmUpstream } from './llm-upstream.js';
import type { LlmUsageReport } from './llm-usage.js';
import { applyRequestPolicy, type ModelChoice } from './request-policy.js';
import { createUpstreamCaller } from './upstream-call.js';
import { modelIds, upstreamModelList } from './upstream-models.js';

export interface LlmProxyOptions extends OriginPolicy {
  /** The model server; undefined answers every call with a 503 that says how to configure one. */
  readonly upstream: LlmUpstream | undefined;
  /** Who may call. Default: `sessionAuthorize` over `tokens` (the site's own pages with a session token). */
  readonly authorize?: Authorize;
  /** The session tokens the default `authorize` checks; one of `authorize` and `tokens` is required. */
  readonly tokens?: SessionTokens;
  /** Where the proxy is mounted. Default `/api/llm/`. */
  readonly basePath?: string;
  /** The models a request may name, the first being the default; omitted, the upstream's own `/models` list. */
  readonly models?: readonly string[];
  readonly limits?: Partial<LlmLimits>;
  readonly timeouts?: Partial<LlmTimeouts>;
  /** Default: limits kept in this process; `redisLimiter` shares them between instances. */
  readonly limiter?: Limiter;
  /** Every call's tokens, duration and outcome (for billing, quotas, logs). */
  readonly onUsage?: (report: LlmUsageReport) => void;
  /** Upstream failures with their details, for the server's log; the browser gets a scrubbed message. */
  readonly onError?: (error: unknown) => void;
  /** A `fetch` to reach the upstream with (tests, a proxy-aware fetch). */
  readonly fetch?: typeof fetch;
}

const NOT_CONFIGURED = 'No LLM endpoint is configured on this server: give the proxy an `upstream` (for the demo, set DDDK_LLM_BASE_URL and, if it needs them, DDDK_LLM_API_KEY and DDDK_LLM_MODEL), then restart it.';

/**
 * The LLM proxy: keeps the model key on the server and spends it only for the site's own pages,
 * within the limits, on the allowed models. Routes (below `basePath`, `v1/` optional):
 * `POST chat/completions` (OpenAI-compatible) or `POST messages` (Anthropic), and `GET models`.
 */
export function createLlmProxy(options: LlmProxyOptions): DddkHandler {
  const base = checkUpstream(options.upstream);
  const upstream = options.upstream;
  const basePath = options.basePath ?? '/api/llm/';
  const limits = resolveLimits(options.limits);
  const timeouts = resolveTimeouts(options.timeouts);
  const limiter = options.limiter ?? memoryLimiter();
  const authorize = options.authorize ?? defaultAuthorize(options.tokens, options);
  const secrets = upstream && base ? upstreamSecrets(upstream, base) : [];
  const caller = upstream && base ? createUpstreamCaller({ upstream, base, secrets, timeouts, fetch: options.fetch, onError: options.onError }) : undefined;
  const explicitModels = options.models ? checkModels(options.models) : undefined;
  const listedModels = caller ? upstreamModelList(async () => modelIds(await caller.listModels())) : undefined;
  const report = (entry: LlmUsageReport) => {
    try {
      options.onUsage?.(entry);
    } catch (error) {
      options.onError?.(error);
    }
  };

  async function modelChoice(): Promise<ModelChoice> {
    if (explicitModels) return { allowed: explicitModels };
    return listedModels ? listedModels() : { allowed: [] };
  }

  async function handle(request: Request, context: RequestContext | undefined, route: LlmRoute, started: number): Promise<Response> {
    const authorization = await authorize(request, context);
    if (!authorization.ok) return authorization.response;
    const visitor = authorization.visitor;
    const facts = { visitor, route, ...(context?.clientAddress ? { clientAddress: context.clientAddress } : {}) };
    if (!caller || !upstream) return jsonError(503, 'not_configured', NOT_CONFIGURED, { retryable: false });
    if (route === 'models') {
      if (explicitModels) return modelsList(explicitModels);
      const choice = await modelChoice().catch(() => undefined);
      return choice ? modelsList(choice.allowed) : jsonError(502, 'upstream_error', 'The LLM endpoint did not list its models; check that it is running.');
    }
    if (mediaType(request) !== 'application/json') {
      await request.body?.cancel().catch(() => undefined);
      return jsonError(415, 'unsupported_media_type', 'Send the chat request as JSON with `Content-Type: application/json`.');
    }
    const admitted = await admitCall(limiter, limits, visitor, context?.clientAddress);
    if (!admitted.ok) {
      await request.body?.cancel().catch(() => undefined);
      return admitted.response;
    }
    let handedOver = false;
    try {
      const read = await readBodyWithLimit(request, limits.maxBodyBytes);
      if (read.kind === 'too-large') return jsonError(413, 'body_too_large', `The request body is larger than this server's limit of ${limits.maxBodyBytes} bytes; send fewer or smaller messages (screenshots shrink well).`, { headers: { connection: 'close' } });
      if (read.kind === 'aborted') return jsonError(400, 'bad_request', 'The request body broke off before its end.');
      const policy = applyRequestPolicy(read.bytes, upstream.kind, await modelChoice().catch(() => ({ allowed: [] })), limits);
      if (!policy.ok) {
        report({ ...facts, status: policy.status, outcome: 'refused', durationMs: Date.now() - started });
        return jsonError(policy.status, policy.code, policy.message);
      }
      handedOver = true;
      return await caller.chat(policy.body, {
        signal: request.signal,
        started,
        onEnd: (outcome) => {
          void admitted.release();
          report({ ...facts, model: policy.model, ...outcome, durationMs: Date.now() - started });
        },
      });
    } finally {
      if (!handedOver) void admitted.release();
    }
  }

  return async (request, context) => {
    const started = Date.now();
    const path = new URL(request.url).pathname;
    if (!path.startsWith(basePath)) return jsonError(404, 'not_found', `Not found: ${path.slice(0, 200)}`);
    const route = upstream ? routeOf(path.slice(basePath.length), upstream.kind) : routeOf(path.slice(basePath.length), 'openai') ?? routeOf(path.slice(basePath.length), 'anthropic');
    if (!route) {
      const chat = upstream?.kind === 'anthropic' ? 'POST messages' : 'POST chat/completions';
      return jsonError(404, 'not_found', `The LLM proxy answers ${chat} and GET models below ${basePath}, not ${path.slice(0, 200)}.`);
    }
    const method = route === 'models' ? 'GET' : 'POST';
    if (request.method !== method && !(method === 'GET' && request.method === 'HEAD')) {
      return jsonError(405, 'method_not_allowed', `${basePath}${route === 'models' ? 'models' : path.slice(basePath.length)} accepts ${method} only.`, { headers: { allow: method } });
    }
    const wrongHost = checkHost(request, options);
    if (wrongHost) return wrongHost;
    return handle(request, context, route, started);
  };
}

function defaultAuthorize(tokens: SessionTokens | undefined, policy: OriginPolicy): Authorize {
  if (!tokens) {
    throw new TypeError('dddk/server: createLlmProxy needs `tokens` (from createSessionTokens, for the default same-origin session check) or an `authorize(request)` of your own.');
  }
  return sessionAuthorize({ tokens, ...policy });
}

function checkModels(models: readonly string[]): readonly string[] {
  if (!Array.isArray(models) || models.length === 0 || models.some((model) => typeof model !== 'string' || model.trim() === '')) {
    throw new TypeError('dddk/server: `models` must be a non-empty array of model ids, the first being the default; omit it to allow the models the upstream lists.');
  }
  return Object.freeze(models.map((model) => model.trim()));
}

function modelsList(models: readonly string[]): Response {
  return jsonResponse(200, { object: 'list', data: models.map((id) => ({ id, object: 'model' })) });
}
