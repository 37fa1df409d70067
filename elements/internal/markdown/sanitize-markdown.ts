import createDOMPurify from 'dompurify';
import { Marked } from 'marked';

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

// Interactive and styling tags stay out: a narrated answer or a panel body has no business drawing
// a form, a frame or an SVG over the host page, and `style` could restyle it.
const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'template', 'link', 'meta', 'base', 'dialog'];
const FORBIDDEN_ATTRIBUTES = ['style', 'id', 'name', 'class', 'srcset', 'formaction', 'action', 'xlink:href'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i;

export function createMarkdownRenderer(window: Window & typeof globalThis, options: MarkdownRendererOptions = {}): MarkdownRenderer {
  const imageOrigins = new Set([window.location.origin, ...(options.imageOrigins ?? [])]);
  const marked = new Marked({ gfm: true, breaks: true, async: false });
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'src']) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
    // Links open beside the page, never with a handle back to it.
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });

  return {
    toFragment(markdown, ownerDocument = window.document) {
      const html = marked.parse(String(markdown)) as string;
      const fragment = purify.sanitize(html, {
        RETURN_DOM_FRAGMENT: true,
        FORBID_TAGS: FORBIDDEN_TAGS,
        FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
        ALLOW_DATA_ATTR: false,
        ALLOW_ARIA_ATTR: true,
      });
      // DOMPurify gives null when the markup cannot have a body (e.g. a frameset): show it as text.
      if (!fragment) {
        const text = ownerDocument.createDocumentFragment();
        text.append(String(markdown));
        return text;
      }
      for (const image of fragment.querySelectorAll('img')) {
        const origin = originOf(image.getAttribute('src'), window.document.baseURI);
        if (origin === undefined || !imageOrigins.has(origin)) image.replaceWith(image.getAttribute('alt') ?? '');
      }
      return ownerDocument === fragment.ownerDocument ? fragment : (ownerDocument.importNode(fragment, true) as DocumentFragment);
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
