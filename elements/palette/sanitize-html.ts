import { createHtmlSanitizer as createSanitizer, READING_POLICY } from '../internal/sanitize/html-sanitizer.js';

/** A result's HTML is read, not used: the reading policy, as for markdown answers. */
export function createHtmlSanitizer(window: Window & typeof globalThis): (html: string) => DocumentFragment {
  const sanitizer = createSanitizer(window, READING_POLICY);
  return (html) => sanitizer.toFragment(html);
}
