import type { ModelChoice } from './request-policy.js';

const CACHE_MS = 5 * 60 * 1000;

/**
 * The models a request may name when the host lists none: the ones the upstream itself lists at
 * `/models`, asked once and kept for five minutes. A failed listing is not cached.
 */
export function upstreamModelList(list: () => Promise<readonly string[]>): () => Promise<ModelChoice> {
  let cached: { at: number; choice: Promise<ModelChoice> } | undefined;
  return () => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.choice;
    const choice = list().then((allowed) => ({ allowed }));
    cached = { at: Date.now(), choice };
    choice.catch(() => {
      if (cached?.choice === choice) cached = undefined;
    });
    return choice;
  };
}

/** Model ids from an OpenAI- or Anthropic-style `/models` body (`{ data: [{ id }] }`). */
export function modelIds(json: unknown): string[] {
  const data = (json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return [];
  return data.map((entry) => (entry as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string' && id !== '' && id.length < 200);
}
