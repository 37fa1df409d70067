// dddk/server: Web-standard handlers (Request → Response) for the LLM proxy, the page store and the
// session endpoint, with the storage backends and limiters they run on. Runtime-neutral: Node's
// adapter and the file backend are in dddk/server/node.
export type { DddkHandler, RequestContext } from './http/handler.js';
export { jsonError, jsonResponse, type JsonErrorOptions, type ServerErrorBody, type ServerErrorCode } from './http/json-error.js';
export { API_HEADERS, pageSecurityHeaders } from './http/security-headers.js';
export { checkHost, checkOrigin, type OriginPolicy } from './http/request-checks.js';
export { createSessionTokens, type SessionClaims, type SessionTokens, type SessionTokenOptions, type TokenCheck } from './auth/session-tokens.js';
export { sessionAuthorize, type Authorization, type Authorize, type SessionAuthorizeOptions } from './auth/authorize.js';
export { createSessionHandler, type SessionHandlerOptions } from './auth/session-handler.js';
export type { Limiter, RateDecision, Slot } from './limits/limiter.js';
export { memoryLimiter, type MemoryLimiterOptions } from './limits/memory-limiter.js';
export { redisLimiter, type RedisEval, type RedisLimiterOptions } from './limits/redis-limiter.js';
export { createLlmProxy, type LlmProxyOptions } from './llm/llm-proxy.js';
export { DEFAULT_LLM_LIMITS, DEFAULT_LLM_TIMEOUTS, type LlmLimits, type LlmTimeouts } from './llm/llm-limits.js';
export type { LlmUpstream } from './llm/llm-upstream.js';
export type { LlmUsageReport } from './llm/llm-usage.js';
export { scrubSecrets } from './llm/scrub-secrets.js';
export {
  BackendFailure,
  createPageStoreHandler,
  memoryPageBackend,
  pageEtag,
  PAGE_ID_PATTERN,
  postgresPageBackend,
  regionPageValidator,
  STORED_DOCUMENT_CSP,
  type PageBackend,
  type PageCheck,
  type PageStoreHandlerOptions,
  type PageValidator,
  type PostgresPageBackend,
  type PostgresPageBackendOptions,
  type RegionPageValidatorOptions,
  type ServeAs,
  type SqlQueryable,
  type StoredPage,
  type SwapOutcome,
} from './pages/index.js';
