/**
 * Picks the best of `available` for `wanted`: the same tag (case-insensitive, `_` read as `-`), else
 * one of the same language (`zh-HK` takes `zh-TW`), else `undefined`.
 */
export function matchLocale(wanted: string | undefined, available: Iterable<string>): string | undefined {
  if (!wanted) return undefined;
  const normalized = normalizeLocale(wanted);
  const language = normalized.split('-')[0];
  let sameLanguage: string | undefined;
  for (const candidate of available) {
    const tag = normalizeLocale(candidate);
    if (tag === normalized) return candidate;
    if (sameLanguage === undefined && tag.split('-')[0] === language) sameLanguage = candidate;
  }
  return sameLanguage;
}

export function normalizeLocale(locale: string): string {
  return locale.trim().replace(/_/g, '-').toLowerCase();
}
