// URL schemes that run script or carry a whole document: refused in every URL a region holds.
const ACTIVE_SCHEMES = new Set(['javascript', 'data', 'vbscript']);

/**
 * The scheme a browser would read from `value`: it strips leading and trailing control characters
 * and spaces and removes tabs and newlines anywhere, so every such character is dropped here before
 * the colon is looked for (dropping more than a browser does can only find more schemes).
 */
export function urlScheme(value: string): string {
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const colon = squeezed.indexOf(':');
  return colon === -1 ? '' : squeezed.slice(0, colon);
}

/** The scheme of `value` when it is one of the active ones, else undefined. */
export function activeScheme(value: string): string | undefined {
  const scheme = urlScheme(value);
  return ACTIVE_SCHEMES.has(scheme) ? scheme : undefined;
}

/**
 * The first active scheme among the URLs of a list attribute. Each comma-separated candidate
 * (srcset) and each space-separated word (ping) is read as a URL of its own, so whichever way the
 * browser splits the list, none of its URLs is missed.
 */
export function activeSchemeInList(value: string): string | undefined {
  for (const candidate of value.split(',')) {
    const whole = activeScheme(candidate);
    if (whole) return whole;
    for (const word of candidate.split(/[\t\n\f\r ]+/)) {
      const scheme = activeScheme(word);
      if (scheme) return scheme;
    }
  }
  return undefined;
}
