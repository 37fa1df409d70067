/**
 * Where a link, a form or a script would take the visitor: another site, this site, a script URL, a
 * new window. Judged from the resolved URL and the target, not from what the link text says.
 */

export interface Destination {
  /** The absolute URL, or the raw text when it does not parse. */
  url: string;
  kind: 'same-origin' | 'other-origin' | 'javascript' | 'invalid';
}

/** The origin the page counts as its own: a `srcdoc` or `about:blank` frame shares its parent's. */
export function pageOrigin(doc: Document): string {
  try {
    // `self.origin` is the document's own origin; `location.origin` would say "null" for a srcdoc frame.
    const origin = doc.defaultView?.origin ?? doc.defaultView?.location.origin;
    if (origin && origin !== 'null') return origin;
  } catch {
    // A frame whose location cannot be read is judged by its URL.
  }
  try {
    return new URL(doc.URL).origin;
  } catch {
    return 'null';
  }
}

/** Classifies `raw` resolved against the document's base URL. */
export function destinationOf(raw: string, doc: Document): Destination {
  const text = raw.trim();
  // The URL parser drops tabs and newlines inside a scheme, so a disguised one is caught here too.
  if (/^[\s\u0000-\u001f]*j[\s\u0000-\u001f]*a[\s\u0000-\u001f]*v[\s\u0000-\u001f]*a[\s\u0000-\u001f]*s[\s\u0000-\u001f]*c[\s\u0000-\u001f]*r[\s\u0000-\u001f]*i[\s\u0000-\u001f]*p[\s\u0000-\u001f]*t[\s\u0000-\u001f]*:/i.test(text)) {
    return { url: 'javascript:', kind: 'javascript' };
  }
  let url: URL;
  try {
    url = new URL(text, doc.baseURI);
  } catch {
    return { url: text, kind: 'invalid' };
  }
  if (url.protocol === 'javascript:') return { url: 'javascript:', kind: 'javascript' };
  return { url: url.href, kind: url.origin === pageOrigin(doc) && (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'blob:') ? 'same-origin' : 'other-origin' };
}

/** Whether a link or form target opens another browsing context rather than this one. */
export function opensNewWindow(target: string | null | undefined, doc: Document): boolean {
  const name = (target ?? '').trim().toLowerCase();
  if (name === '' || name === '_self') return false;
  if (name === '_blank') return true;
  const view = doc.defaultView;
  if (name === '_top' || name === '_parent') return false;
  // A named target opens a new window unless a frame of this page already carries that name.
  try {
    return !Array.from({ length: view?.frames.length ?? 0 }, (_, i) => view!.frames[i]).some((frame) => {
      try {
        return frame?.name === target;
      } catch {
        return false;
      }
    });
  } catch {
    return true;
  }
}

/** The file name a download link suggests: its `download` value, else the last path segment. */
export function downloadName(anchor: Element, url: string): string | undefined {
  const given = anchor.getAttribute('download')?.trim();
  if (given) return given.slice(0, 80);
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    return segment ? decodeURIComponent(segment).slice(0, 80) : undefined;
  } catch {
    return undefined;
  }
}
