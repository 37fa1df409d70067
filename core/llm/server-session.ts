import { DddkError } from '../util/dddk-error.js';
import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** Where `createServerSession` asks for its token. */
export interface ServerSessionOptions {
  /** The same-origin endpoint that issues `{ token, expiresAt }`. Default `/api/session`. */
  url?: string;
  /** Defaults to the global `fetch`, looked up on each request. */
  fetch?: typeof fetch;
}

/** A session token as request headers; `headers` works detached, so it can be passed as it is. */
export interface ServerSession {
  /**
   * `{ authorization: 'Bearer …' }` with the current token, fetched when there is none, when it is
   * within 30 s of expiring, or when `refresh` asks for a new one. Pass this function as the
   * `headers` of a provider or an HTTP document store.
   */
  headers(options?: { refresh?: boolean }): Promise<Record<string, string>>;
}

/** The session endpoint could not give a token; the message names the URL, the status and what to do. */
export class ServerSessionError extends DddkError<'server-session'> {
  override readonly name = 'ServerSessionError';
  readonly code = 'server-session';
  /** The HTTP status, when the endpoint answered with an error. */
  readonly status: number | undefined;
  /** The session endpoint that failed. */
  readonly url: string;

  constructor(message: string, url: string, status?: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.url = url;
    this.status = status;
  }
}

/** A token is renewed this long before the server says it expires, so no request carries a dying one. */
const RENEW_BEFORE_MS = 30_000;

/**
 * The page's side of a server-issued session token: GETs `url` (same origin, with cookies, never from
 * a cache), keeps the token until 30 s before `expiresAt`, and shares one request between callers
 * that ask at the same time.
 */
export function createServerSession(options: ServerSessionOptions = {}): ServerSession {
  const url = options.url ?? '/api/session';
  if (typeof url !== 'string' || url === '') throw new TypeError(`createServerSession: \`url\` must be the session endpoint's URL; got ${describeValue(url)}.`);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError(`createServerSession: \`fetch\` must be a function; got ${describeValue(options.fetch)}.`);
  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<{ token: string; expiresAt: number }> | undefined;

  const fetchToken = () => {
    pending ??= requestToken(url, options.fetch).then(
      (session) => {
        current = session;
        pending = undefined;
        return session;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  return {
    async headers(request) {
      if (request?.refresh) current = undefined;
      const fresh = current && Date.now() < current.expiresAt - RENEW_BEFORE_MS ? current : await fetchToken();
      return { authorization: `Bearer ${fresh.token}` };
    },
  };
}

async function requestToken(url: string, fetchOption: typeof fetch | undefined): Promise<{ token: string; expiresAt: number }> {
  const fetchImpl = fetchOption ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new ServerSessionError('createServerSession: there is no fetch in this environment; pass `fetch`.', url);
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'GET', credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ServerSessionError(`GET ${url} for a session token got no answer (${reason}); check the connection and that the server is running.`, url, undefined, cause);
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    const fix =
      response.status === 404
        ? 'serve the session endpoint there, or pass its address as `url` to createServerSession'
        : response.status === 401 || response.status === 403
          ? 'the server would not open a session for this visitor: check its session policy (sign-in, cookies, allowed origins)'
          : 'retry later; if it persists, check the server logs';
    throw new ServerSessionError(`GET ${url} for a session token failed with HTTP ${response.status}; ${fix}.`, url, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ServerSessionError(`GET ${url} answered with something that is not JSON; it must answer { "token": string, "expiresAt": epoch ms }.`, url, response.status, cause);
  }
  const token = isPlainObject(body) ? body.token : undefined;
  const expiresAt = isPlainObject(body) ? body.expiresAt : undefined;
  if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) {
    // Never the token itself in a message: it is a credential.
    const tokenShape = typeof token === 'string' ? (token === '' ? 'an empty string' : 'a string') : describeValue(token);
    throw new ServerSessionError(
      `GET ${url} answered ${isPlainObject(body) ? `{ token: ${tokenShape}, expiresAt: ${describeValue(expiresAt)} }` : describeValue(body)}; it must answer { "token": a non-empty string, "expiresAt": epoch ms }.`,
      url,
      response.status,
    );
  }
  return { token, expiresAt };
}
