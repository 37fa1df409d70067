/** What a verified session token says. */
export interface SessionClaims {
  /** A random id per visitor session: the key of per-visitor limits. */
  readonly visitor: string;
  /** Expiry, epoch milliseconds. */
  readonly expiresAt: number;
}

export type TokenCheck =
  | { readonly ok: true; readonly claims: SessionClaims }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired' };

export interface SessionTokens {
  /** A new token for a new visitor id, or for `visitor` when a still-valid session is renewed. */
  issue(visitor?: string): Promise<{ token: string; claims: SessionClaims }>;
  verify(token: string): Promise<TokenCheck>;
}

export interface SessionTokenOptions {
  /**
   * The HMAC key: at least 32 bytes of randomness. Every instance behind one site must share it
   * (set it from the environment); when omitted a random one is made, which suits one process only.
   */
  readonly secret?: string | Uint8Array;
  /** How long a token lives. Default 15 minutes. */
  readonly ttlMs?: number;
  /** Defaults to Date.now; tests pass a clock. */
  readonly now?: () => number;
}

const DEFAULT_TTL_MS = 15 * 60 * 1000;
const VERSION = 'v1';
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function randomId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

function secretBytes(secret: SessionTokenOptions['secret']): Uint8Array<ArrayBuffer> {
  if (secret === undefined) return crypto.getRandomValues(new Uint8Array(32));
  const bytes = typeof secret === 'string' ? encoder.encode(secret) : new Uint8Array(secret);
  if (bytes.byteLength < 32) {
    throw new RangeError(`dddk/server: the session secret must be at least 32 bytes (it is ${bytes.byteLength}); generate one with \`openssl rand -base64 48\`.`);
  }
  return bytes;
}

/**
 * Short-lived signed tokens: `v1.<claims>.<HMAC-SHA256>`, made and checked with WebCrypto so the same
 * code runs in Node, Deno, Bun and Workers. Stateless: any instance holding the secret can verify.
 */
export function createSessionTokens(options: SessionTokenOptions = {}): SessionTokens {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1000) throw new RangeError(`dddk/server: ttlMs must be at least 1000 ms; got ${String(ttlMs)}.`);
  const now = options.now ?? Date.now;
  const key = crypto.subtle.importKey('raw', secretBytes(options.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

  async function sign(body: string): Promise<Uint8Array> {
    return new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(body)));
  }

  return {
    async issue(visitor = randomId()) {
      const claims: SessionClaims = { visitor, expiresAt: now() + ttlMs };
      const body = `${VERSION}.${base64url(encoder.encode(JSON.stringify({ v: claims.visitor, e: claims.expiresAt })))}`;
      return { token: `${body}.${base64url(await sign(body))}`, claims };
    },
    async verify(token) {
      const parts = typeof token === 'string' && token.length < 512 ? token.split('.') : [];
      if (parts.length !== 3 || parts[0] !== VERSION) return { ok: false, reason: 'malformed' };
      const signature = fromBase64url(parts[2]!);
      const payload = fromBase64url(parts[1]!);
      if (!signature || !payload) return { ok: false, reason: 'malformed' };
      const valid = await crypto.subtle.verify('HMAC', await key, signature, encoder.encode(`${parts[0]}.${parts[1]}`));
      if (!valid) return { ok: false, reason: 'bad-signature' };
      const claims = readClaims(payload);
      if (!claims) return { ok: false, reason: 'malformed' };
      if (claims.expiresAt <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

function readClaims(payload: Uint8Array): SessionClaims | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { v, e } = parsed as { v?: unknown; e?: unknown };
    if (typeof v !== 'string' || typeof e !== 'number') return undefined;
    return { visitor: v, expiresAt: e };
  } catch {
    return undefined;
  }
}
