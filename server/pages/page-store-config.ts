import type { Authorize } from '../auth/authorize.js';
import type { OriginPolicy } from '../http/request-checks.js';
import { guardBackend } from './backend-failure.js';
import type { ServeAs } from './document-headers.js';
import type { PageBackend } from './page-backend.js';
import { regionPageValidator, type PageValidator } from './region-page-validator.js';

export interface PageStoreHandlerOptions extends OriginPolicy {
  /** Where the pages live: `filePageBackend`, `postgresPageBackend`, `memoryPageBackend` or your own. */
  readonly backend: PageBackend;
  /** Decides every write (and every read with `authorizeReads`); its refusal is sent as it is. Required. */
  readonly authorize: Authorize;
  /** Reads are public unless this is true. */
  readonly authorizeReads?: boolean;
  /** The path before the page id; starts and ends with "/". Default `/api/pages/`. */
  readonly basePath?: string;
  /** Largest accepted page, in bytes. Default 1 MiB. */
  readonly maxBytes?: number;
  /**
   * Judges each write against the stored page. Default: `regionPageValidator()`, the client's own
   * region validator. `false` turns validation off, and must be said explicitly.
   */
  readonly validate?: PageValidator | false;
  /** `data` (default) serves documents so they cannot run on the site's origin; see document-headers.ts. */
  readonly serveAs?: ServeAs;
  /** Told of backend failures (a `BackendFailure` with the cause), which the client sees as a retryable 503 without details. */
  readonly onError?: (error: unknown, request: Request) => void;
}

/** The options after checking, with their defaults filled in. */
export interface PageStoreConfig {
  readonly backend: PageBackend;
  readonly authorize: Authorize;
  readonly authorizeReads: boolean;
  readonly basePath: string;
  readonly maxBytes: number;
  readonly validate: PageValidator | undefined;
  readonly serveAs: ServeAs;
  readonly policy: OriginPolicy;
  readonly onError: ((error: unknown, request: Request) => void) | undefined;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

function fail(message: string): never {
  throw new TypeError(`dddk/server: createPageStoreHandler: ${message}`);
}

function checkValidate(validate: unknown): PageValidator | undefined {
  if (validate === false) return undefined;
  if (validate === undefined) return regionPageValidator();
  if (typeof validate !== 'function') fail('`validate` must be a function ({ id, current, next }) => { ok } or `false` to turn validation off.');
  return validate as PageValidator;
}

/** Checks the host's options, naming the field to fix, and fills in the defaults. */
export function resolvePageStoreConfig(options: PageStoreHandlerOptions): PageStoreConfig {
  const { backend, authorize } = options ?? ({} as Partial<PageStoreHandlerOptions>);
  if (typeof backend?.read !== 'function' || typeof backend.compareAndSwap !== 'function') {
    fail('`backend` is required: pass filePageBackend({ dir }), postgresPageBackend({ pool }) or memoryPageBackend().');
  }
  if (typeof authorize !== 'function') {
    fail('`authorize` is required, because every page write must be authorized: pass sessionAuthorize({ tokens }) or your own check (an editor role, say).');
  }
  const basePath = options.basePath ?? '/api/pages/';
  if (typeof basePath !== 'string' || !basePath.startsWith('/') || !basePath.endsWith('/')) fail(`\`basePath\` must start and end with "/", like "/api/pages/"; got ${JSON.stringify(basePath)}.`);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) fail(`\`maxBytes\` must be a positive whole number of bytes; got ${String(maxBytes)}.`);
  const serveAs = options.serveAs ?? 'data';
  if (serveAs !== 'data' && serveAs !== 'page') fail(`\`serveAs\` must be "data" or "page"; got ${JSON.stringify(serveAs)}.`);
  return {
    backend: guardBackend(backend),
    authorize,
    authorizeReads: options.authorizeReads === true,
    basePath,
    maxBytes,
    validate: checkValidate(options.validate),
    serveAs,
    policy: {
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    },
    onError: options.onError,
  };
}
