/**
 * What a request the page's own script sends would do: a GET reads, anything else may change data
 * on a server. Its method, its URL's path and a short text body carry the destructive signal, so a
 * handler's `fetch('/api/account', { method: 'DELETE' })` asks even on a button that says "Proceed".
 */
import type { Effect } from '../../effects/effect.types.js';
import { destructiveWording } from '../../effects/wording.js';
import { destinationOf } from './destinations.js';
import { pathWords } from './element-words.js';
import { effectKey } from './effect-keys.js';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A body longer than this is data, not wording; its start is still read. */
const BODY_WORDS_LIMIT = 2_000;

/** The text of a request body worth reading for wording, if it has any. */
export function bodyWords(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, BODY_WORDS_LIMIT);
  if (body instanceof URLSearchParams) return body.toString().slice(0, BODY_WORDS_LIMIT).replace(/[=&+]/g, ' ');
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: string[] = [];
    for (const [name, value] of body) if (typeof value === 'string') parts.push(`${name} ${value}`);
    return parts.join(' ').slice(0, BODY_WORDS_LIMIT);
  }
  return '';
}

/** The effect of sending `method` to `url`; none for a request that only reads. */
export function requestEffects(method: string, url: string, body: unknown, doc: Document, patterns: readonly RegExp[]): Effect[] {
  const verb = method.toUpperCase();
  if (READ_ONLY_METHODS.has(verb)) return [];
  const destination = destinationOf(url, doc);
  if (destination.kind === 'javascript' || destination.kind === 'invalid') return [];
  const effect: Effect = {
    kind: 'request',
    method: verb,
    destination: destination.url,
    sameOrigin: destination.kind === 'same-origin',
    key: effectKey('request', undefined, `${verb} ${destination.url}`),
  };
  const wording = destructiveWording([verb === 'DELETE' ? 'delete' : '', pathWords(destination.url), bodyWords(body)], patterns);
  if (wording !== undefined) effect.destructive = wording;
  return [effect];
}
