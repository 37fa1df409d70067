import { lazyModule } from '../../../core/util/lazy-module.js';
import type { MarkdownRenderer } from './sanitize-markdown.js';

/** marked and DOMPurify stay out of the first download (their own chunk in the drop-in), bound to this window once loaded. */
export const markdownRenderer = lazyModule('the markdown renderer', () =>
  import('./sanitize-markdown.js').then(({ createMarkdownRenderer }) => createMarkdownRenderer(window)),
);

/** The renderer, loaded once; a failed load is not kept, so a later call tries again. */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer> {
  return markdownRenderer.load();
}
