/** The text of a submitted page, or why its bytes are not a page. */
export type PageText = { readonly ok: true; readonly html: string } | { readonly ok: false; readonly reason: string };

// C0 controls other than tab, line feed, form feed and carriage return: HTML forbids them, and a
// body holding them is binary data rather than a page.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000e-\u001f]/;

/**
 * Decodes a body as UTF-8, refusing malformed sequences instead of replacing them (a replaced byte
 * would change the page silently), and refusing NUL and other control characters. A byte order
 * mark is kept, so the text encodes back to exactly the bytes received.
 */
export function decodePageText(bytes: Uint8Array): PageText {
  let html: string;
  try {
    html = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, reason: `The body is not valid UTF-8 (at byte ${firstInvalidByte(bytes)}): send the page as UTF-8 text.` };
  }
  const control = CONTROL_CHARACTER.exec(html);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase();
    const what = code === '0000' ? 'a NUL character' : `the control character U+${code}`;
    return { ok: false, reason: `The body holds ${what} at character ${control.index}, so it is binary data, not a page: send the page's HTML as text.` };
  }
  return { ok: true, html };
}

/** The offset of the first byte that starts no valid UTF-8 sequence, for the error message. */
function firstInvalidByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  while (at < bytes.byteLength) {
    const lead = bytes[at]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || at + length > bytes.byteLength) return at;
    // The decoder judges each sequence (overlong forms, surrogates, continuation bytes).
    try {
      if (length > 1) decoder.decode(bytes.subarray(at, at + length));
    } catch {
      return at;
    }
    at += length;
  }
  return at;
}
