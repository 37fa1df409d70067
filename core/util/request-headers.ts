import { describeValue } from './describe-value.js';
import { isPlainObject } from './is-plain-object.js';

/**
 * Called before every request for the headers to add. After the server refused the session the
 * headers carried (see `sessionRefusal`), it is called once more with `{ refresh: true }`: headers
 * with a fresh token, not the cached ones.
 */
export type HeadersFunction = (options?: { refresh?: boolean }) => Record<string, string> | Promise<Record<string, string>>;

/** Extra request headers: fixed, or a function asked before every request (for a token that expires). */
export type RequestHeaders = Readonly<Record<string, string>> | HeadersFunction;

/** The `error.code` values of a 401 answer that mean "ask for a fresh session and send again". */
export type SessionRefusal = 'session_expired' | 'session_required';

/** Refuses a `headers` option that is neither a record of strings nor a function, naming `field`. */
export function checkRequestHeaders(value: unknown, field: string): void {
  if (value === undefined || typeof value === 'function') return;
  checkRecord(value, `${field} must be an object of header names to string values, or a function that returns one`);
}

/** The headers to send with one request: the record itself, or what the function returns (awaited). */
export async function readRequestHeaders(source: RequestHeaders | undefined, refresh: boolean): Promise<Record<string, string>> {
  if (source === undefined) return {};
  if (typeof source !== 'function') return { ...source };
  const value: unknown = await (refresh ? source({ refresh: true }) : source());
  checkRecord(value, 'the `headers` function must return an object of header names to string values');
  return { ...(value as Record<string, string>) };
}

/**
 * Whether an answer refused the session its headers carried: HTTP 401 with a JSON body whose
 * `error.code` is `session_expired` or `session_required`. Any other body, or none, is not one.
 */
export function sessionRefusal(status: number, body: string): SessionRefusal | undefined {
  if (status !== 401 || body.length > 65_536) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const error = isPlainObject(parsed) ? parsed.error : undefined;
  const code = isPlainObject(error) ? error.code : undefined;
  return code === 'session_expired' || code === 'session_required' ? code : undefined;
}

function checkRecord(value: unknown, problem: string): void {
  const bad = isPlainObject(value) ? Object.entries(value).find(([, header]) => typeof header !== 'string') : undefined;
  if (!isPlainObject(value)) throw new TypeError(`${problem}; got ${describeValue(value)}.`);
  if (bad) throw new TypeError(`${problem}; header "${bad[0]}" is ${describeValue(bad[1])}.`);
}
