/**
 * Which URLs a surface may carry. Links go to http(s) or a relative address; images may also be
 * inline `data:image/*` (never SVG, which can script). Everything else is refused with a reason.
 */

export type UrlKind = 'link' | 'image';

// RFC 3986 characters plus "%" escapes; quotes, angle brackets, spaces, backslashes and control
// characters have no business in a URL we hand to a renderer, so their presence alone refuses it.
// Raw "(", ")" and "'" are refused as well: they end a CSS url() or a quoted string, and
// legitimate addresses can carry them percent-encoded (%28, %29, %27).
const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&*+,;=%]*$/;
const RELATIVE_START = /^(\/|\.\/|\.\.\/|\?|#)/;
const CHARACTER_REFERENCE = /&(#|[A-Za-z][A-Za-z0-9]*;)/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_URL_LENGTH = 2048;
const MAX_DATA_URL_LENGTH = 1_000_000;

/** `undefined` when `url` is allowed for `kind`; otherwise why it is refused. */
export function checkUrl(url: string, kind: UrlKind): string | undefined {
  if (url.length === 0) return 'empty URL';
  const lower = url.slice(0, 32).toLowerCase();
  if (kind === 'image' && lower.startsWith('data:')) {
    if (url.length > MAX_DATA_URL_LENGTH) return `data: image is over ${MAX_DATA_URL_LENGTH} characters; host it and link it instead`;
    return DATA_IMAGE.test(url)
      ? undefined
      : 'refused data: URL: only base64 data:image/png, jpeg, gif, webp or avif is allowed';
  }
  if (url.length > MAX_URL_LENGTH) return `URL is over ${MAX_URL_LENGTH} characters`;
  const scheme = SCHEME.exec(url);
  const name = scheme?.[1]!.toLowerCase();
  if (name !== undefined && name !== 'http' && name !== 'https') {
    return `refused "${name}:" URL: only http:, https: and relative URLs${kind === 'image' ? ' (or data:image)' : ''} are allowed`;
  }
  if (!URL_CHARACTERS.test(url)) {
    return 'URL contains characters a URL may not hold raw (spaces, quotes, parentheses, <, >, \\, control characters); percent-encode them';
  }
  // Defence in depth for renderers that decode HTML: a character reference could hide a scheme.
  if (CHARACTER_REFERENCE.test(url)) return 'URL contains an HTML character reference ("&#…" or "&name;"); percent-encode it instead';
  if (name !== undefined) {
    return /^https?:\/\/[^/?#]+/i.test(url) ? undefined : `"${name}:" URL has no host; write ${name}://host/path`;
  }
  if (url.startsWith('//')) return 'protocol-relative URL ("//host"); write it with https://';
  if (!RELATIVE_START.test(url)) {
    return 'a relative URL must start with "/", "./", "../", "?" or "#" (e.g. "./pricing"); an absolute one with https://';
  }
  // A ":" in a relative URL is either a disguised scheme or a parser disagreement waiting to happen.
  if (url.includes(':')) return 'a relative URL may not contain a raw ":"; percent-encode it as %3A';
  return undefined;
}
