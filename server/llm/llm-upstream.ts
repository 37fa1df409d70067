/** The model server the proxy forwards to, with the credentials the page never sees. */
export interface LlmUpstream {
  /** `openai` for every OpenAI-compatible server (OpenAI, Azure's v1, vLLM, llama.cpp, Ollama, LM Studio, OpenRouter…); `anthropic` for the Messages API. */
  readonly kind: 'openai' | 'anthropic';
  /** e.g. `https://api.openai.com/v1` or `https://api.anthropic.com`. */
  readonly baseUrl: string | URL;
  readonly apiKey?: string;
  /** Sent upstream with every request (an organization header, say); never sent to the browser and scrubbed from what comes back. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `anthropic-version` header. Default `2023-06-01`. */
  readonly anthropicVersion?: string;
}

/** Route (below the proxy's base path, `v1/` prefix optional) → what it is. */
export type LlmRoute = 'chat' | 'models';

export function checkUpstream(upstream: LlmUpstream | undefined): URL | undefined {
  if (upstream === undefined) return undefined;
  if (upstream.kind !== 'openai' && upstream.kind !== 'anthropic') {
    throw new TypeError(`dddk/server: upstream.kind must be "openai" or "anthropic"; got ${JSON.stringify(upstream.kind)}.`);
  }
  let url: URL;
  try {
    url = new URL(String(upstream.baseUrl));
  } catch {
    throw new TypeError('dddk/server: upstream.baseUrl is not a valid URL; use the server\'s base URL such as https://api.openai.com/v1.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`dddk/server: upstream.baseUrl must use http: or https: (it uses ${url.protocol}).`);
  }
  return url;
}

export function routeOf(path: string, kind: LlmUpstream['kind']): LlmRoute | undefined {
  const bare = path.replace(/^v1\//, '');
  if (bare === 'models') return 'models';
  if (kind === 'openai' && bare === 'chat/completions') return 'chat';
  if (kind === 'anthropic' && bare === 'messages') return 'chat';
  return undefined;
}

/** The upstream URL of a route: the base URL's path plus the route, keeping the base's query (Azure's api-version). */
export function upstreamUrl(base: URL, upstream: LlmUpstream, route: LlmRoute): URL {
  const url = new URL(base);
  // fetch refuses URLs with credentials; they travel as Basic auth instead (see upstreamHeaders).
  url.username = '';
  url.password = '';
  let path = url.pathname.replace(/\/+$/, '');
  if (upstream.kind === 'anthropic' && !/\/v1$/.test(path)) path += '/v1';
  url.pathname = `${path}/${route === 'models' ? 'models' : upstream.kind === 'anthropic' ? 'messages' : 'chat/completions'}`;
  return url;
}

export function upstreamHeaders(upstream: LlmUpstream, base: URL, hasBody: boolean): Headers {
  const headers = new Headers(upstream.headers);
  if (hasBody) headers.set('content-type', 'application/json');
  headers.set('accept', hasBody ? 'text/event-stream, application/json' : 'application/json');
  if (upstream.kind === 'anthropic') {
    if (upstream.apiKey) headers.set('x-api-key', upstream.apiKey);
    headers.set('anthropic-version', upstream.anthropicVersion ?? '2023-06-01');
  } else if (upstream.apiKey) {
    headers.set('authorization', `Bearer ${upstream.apiKey}`);
  } else if (base.username || base.password) {
    // A server behind Basic auth, named as https://user:pass@host/v1.
    headers.set('authorization', `Basic ${btoa(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`)}`);
  }
  return headers;
}

/** Every secret the upstream could echo back: the key and the values of the extra headers. */
export function upstreamSecrets(upstream: LlmUpstream, base: URL): string[] {
  const secrets = [upstream.apiKey, ...Object.values(upstream.headers ?? {}), base.password, base.username];
  for (const value of base.searchParams.values()) secrets.push(value);
  return secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 6);
}
