let pending: Promise<(html: string) => DocumentFragment> | undefined;

/** Loads DOMPurify on first use (its own chunk); a failed load is not cached, so a later call tries again. */
export function loadHtmlSanitizer(): Promise<(html: string) => DocumentFragment> {
  pending ??= import('./sanitize-html.js')
    .then(({ createHtmlSanitizer }) => createHtmlSanitizer(window))
    .catch((cause: unknown) => {
      pending = undefined;
      throw new Error('dddk: could not load the HTML sanitizer. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
    });
  return pending;
}
