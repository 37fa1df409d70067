import { jsonError } from '../http/json-error.js';
import type { Limiter, Slot } from '../limits/limiter.js';
import type { LlmLimits } from './llm-limits.js';

export type Admission = { readonly ok: true; release(): Promise<void> } | { readonly ok: false; readonly response: Response };

const MINUTE_MS = 60_000;
/** A stream slot is held at most this long, so a crashed instance's slots come back on their own. */
const SLOT_LEASE_MS = 15 * 60_000;

function tooMany(what: string, retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return jsonError(429, 'rate_limited', `Too many requests ${what}; try again in ${seconds} s.`, { headers: { 'retry-after': String(seconds) } });
}

/**
 * Admits one call within the rate limits (per visitor, per client address, for the whole site) and
 * takes its stream slots (site-wide and per visitor) before the body is read, so a flood of large
 * bodies is refused before any of it is held in memory.
 */
export async function admitCall(limiter: Limiter, limits: LlmLimits, visitor: string, clientAddress: string | undefined): Promise<Admission> {
  const visitorRate = await limiter.hit(`visitor:${visitor}`, limits.requestsPerMinutePerVisitor, MINUTE_MS);
  if (!visitorRate.allowed) return { ok: false, response: tooMany('from this visitor', visitorRate.retryAfterMs) };
  if (clientAddress) {
    const addressRate = await limiter.hit(`address:${clientAddress}`, limits.requestsPerMinutePerAddress, MINUTE_MS);
    if (!addressRate.allowed) return { ok: false, response: tooMany('from this address', addressRate.retryAfterMs) };
  }
  const siteRate = await limiter.hit('site', limits.requestsPerMinute, MINUTE_MS);
  if (!siteRate.allowed) return { ok: false, response: tooMany('to this site\'s model', siteRate.retryAfterMs) };

  const visitorSlot = await limiter.acquire(`streams:visitor:${visitor}`, limits.concurrentStreamsPerVisitor, SLOT_LEASE_MS);
  if (!visitorSlot) {
    return { ok: false, response: jsonError(429, 'too_many_streams', `This visitor already has ${limits.concurrentStreamsPerVisitor} answers streaming; wait for one to finish.`, { headers: { 'retry-after': '1' } }) };
  }
  const siteSlot = await limiter.acquire('streams:site', limits.concurrentStreams, SLOT_LEASE_MS);
  if (!siteSlot) {
    await visitorSlot.release();
    return { ok: false, response: jsonError(503, 'too_many_streams', 'The server is streaming as many answers as it allows; try again in a few seconds.', { headers: { 'retry-after': '2' } }) };
  }
  return { ok: true, release: releaseAll([visitorSlot, siteSlot]) };
}

function releaseAll(slots: readonly Slot[]): () => Promise<void> {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await Promise.all(slots.map((slot) => slot.release().catch(() => undefined)));
  };
}
