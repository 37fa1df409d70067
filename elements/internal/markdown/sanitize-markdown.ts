import createDOMPurify from 'dompurify';
import { Marked } from 'marked';
import { createHtmlSanitizer, READING_POLICY } from '../../../core/page/sanitize/html-sanitizer.js';

export interface MarkdownRendererOptions {
  /**
   * Origins whose images may load, besides the page's own. A model-written image URL is a request
   * to a server of the model's choosing (it can carry page data out), so others show as alt text.
   */
  imageOrigins?: readonly string[];
}

/** Turns model- or host-authored markdown into DOM that carries no script, handler or unsafe URL. */
export interface MarkdownRenderer {
  /** Parses `markdown` and sanitizes the HTML into a fragment owned by `ownerDocument`. */
  toFragment(markdown: string, ownerDocument?: Document): DocumentFragment;
}

export function createMarkdownRenderer(window: Window & typeof globalThis, options: MarkdownRendererOptions = {}): MarkdownRenderer {
  const imageOrigins = new Set([window.location.origin, ...(options.imageOrigins ?? [])]);
  const marked = new Marked({ gfm: true, breaks: true, async: false });
  const sanitizer = createHtmlSanitizer(window, READING_POLICY, createDOMPurify);
  return {
    toFragment(markdown, ownerDocument = window.document) {
      const fragment = sanitizer.toFragment(marked.parse(String(markdown)) as string, ownerDocument);
      for (const image of fragment.querySelectorAll('img')) {
        const origin = originOf(image.getAttribute('src'), window.document.baseURI);
        if (origin === undefined || !imageOrigins.has(origin)) image.replaceWith(image.getAttribute('alt') ?? '');
      }
      return fragment;
    },
  };
}

function originOf(url: string | null, base: string): string | undefined {
  if (url === null) return undefined;
  try {
    return new URL(url, base).origin;
  } catch {
    return undefined;
  }
}
