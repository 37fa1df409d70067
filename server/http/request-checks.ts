import { jsonError } from './json-error.js';

/** Which hosts a server answers to and which pages may call it. */
export interface OriginPolicy {
  /**
   * `Host` values the server answers to: `example.com` (any port) or `example.com:8443` (that port).
   * Default: `localhost`, `127.0.0.1` and `[::1]`, so a deployment names its own host and a DNS
   * rebinding page (whose requests carry the attacker's host name) is refused. `['*']` turns the check off.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origins of pages on other hosts that may call, e.g. `https://www.example.com` when the API is on
   * `api.example.com`. A page on the server's own host is always allowed.
   */
  readonly allowedOrigins?: readonly string[];
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The request's host as the client named it (`Host` becomes the URL's host in every runtime). */
export function requestHost(request: Request): string {
  try {
    return new URL(request.url).host.toLowerCase();
  } catch {
    return '';
  }
}

function hostname(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
}

export function hostAllowed(host: string, allowedHosts: readonly string[] = LOCAL_HOSTS): boolean {
  if (host === '') return false;
  return allowedHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed === '*') return true;
    const hasPort = allowed.startsWith('[') ? allowed.includes(']:') : allowed.includes(':');
    return hasPort ? allowed === host : allowed === hostname(host);
  });
}

/** A refusal when the request's Host is not the server's own, or undefined. */
export function checkHost(request: Request, policy: OriginPolicy): Response | undefined {
  const host = requestHost(request);
  if (hostAllowed(host, policy.allowedHosts)) return undefined;
  return jsonError(421, 'host_refused', `This server does not answer to the host "${host.slice(0, 100)}". If that is its real name, add it to allowedHosts in the server's options.`);
}

/**
 * A refusal when a page of another origin sent the request, or undefined. Browsers send `Origin` on
 * every POST and PUT and `Sec-Fetch-Site` on every request; a client that sends neither is not a page
 * (curl, a server) and is left to authorization.
 */
export function checkOrigin(request: Request, policy: OriginPolicy): Response | undefined {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const listed = origin !== null && (policy.allowedOrigins ?? []).includes(origin);
  if (origin !== null && !listed && !sameHost(origin, requestHost(request))) {
    return jsonError(403, 'origin_refused', `Requests from pages on ${origin.slice(0, 100)} are refused. If that site is yours, add its origin to allowedOrigins in the server's options.`);
  }
  if (site !== null && site !== 'same-origin' && site !== 'none' && !listed) {
    return jsonError(403, 'origin_refused', `A ${site} request is refused: only the site's own pages may call this endpoint.`);
  }
  return undefined;
}

/** Whether an Origin names the request's own host: the scheme may differ behind a TLS-terminating proxy. */
function sameHost(origin: string, host: string): boolean {
  if (origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === host;
  } catch {
    return false;
  }
}
