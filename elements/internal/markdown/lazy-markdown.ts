import type { MarkdownRenderer } from './sanitize-markdown.js';

let pending: Promise<MarkdownRenderer> | undefined;

/**
 * Loads marked and DOMPurify on first use (their own chunk in the drop-in), bound to this window.
 * A failed load is not cached, so a later call tries again.
 */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer> {
  pending ??= import('./sanitize-markdown.js')
    .then(({ createMarkdownRenderer }) => createMarkdownRenderer(window))
    .catch((cause: unknown) => {
      pending = undefined;
      throw new Error('dddk: could not load the markdown renderer. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
    });
  return pending;
}
