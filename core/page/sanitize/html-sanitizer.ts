import type { DOMPurify } from 'dompurify';

/** What a kind of content may keep once DOMPurify has taken out scripts and handlers. */
export interface SanitizePolicy {
  name: 'reading' | 'region';
  forbidTags: readonly string[];
  forbidAttributes: readonly string[];
  allowDataAttributes: boolean;
  /** Links open beside the page, with no handle back to it. */
  linksOpenBeside: boolean;
}

/**
 * Text to be read (markdown answers, palette results): no forms, frames, styles or SVG — none has
 * any business drawing over the host page — and no ids or classes to collide with the host's.
 */
export const READING_POLICY: SanitizePolicy = {
  name: 'reading',
  forbidTags: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'template', 'link', 'meta', 'base', 'dialog'],
  forbidAttributes: ['style', 'id', 'name', 'class', 'srcset', 'formaction', 'action'],
  allowDataAttributes: false,
  linksOpenBeside: true,
};

/**
 * A page region's HTML: the region editor stores what this keeps, and the live page paints through
 * it again whatever a store holds. It keeps nothing the region target's policy refuses (SVG
 * animation included: it can rewrite any attribute after a check). Classes and data attributes are the site's own.
 */
export const REGION_POLICY: SanitizePolicy = {
  name: 'region',
  forbidTags: [
    'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'dialog', 'template',
    'animate', 'animatecolor', 'animatemotion', 'animatetransform', 'set', 'discard',
  ],
  forbidAttributes: ['style', 'formaction', 'action', 'srcdoc'],
  allowDataAttributes: true,
  linksOpenBeside: false,
};

export const POLICIES: Record<SanitizePolicy['name'], SanitizePolicy> = { reading: READING_POLICY, region: REGION_POLICY };

/**
 * DOMPurify's default export: called with a window, it gives a sanitizer bound to that window. It is
 * passed in rather than imported, because DOMPurify reads `window` as it loads and `core/` modules
 * must load without one.
 */
export type DOMPurifyFactory = DOMPurify;

export interface HtmlSanitizer {
  /** `html` as a fragment owned by `ownerDocument`, carrying no script, handler or unsafe URL. */
  toFragment(html: string, ownerDocument?: Document): DocumentFragment;
  /** `html` as the markup of that fragment: what a page painting it keeps, as a string to store. */
  toHtml(html: string): string;
}

const URL_ATTRIBUTES = ['href', 'src', 'xlink:href'];
// http(s), mail and phone links, fragments and relative paths; nothing with another scheme.
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i;

export function createHtmlSanitizer(window: Window & typeof globalThis, policy: SanitizePolicy, createDOMPurify: DOMPurifyFactory): HtmlSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of URL_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
    if (policy.linksOpenBeside && node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  const sanitizer: HtmlSanitizer = {
    toFragment(html, ownerDocument = window.document) {
      const fragment = purify.sanitize(String(html), {
        RETURN_DOM_FRAGMENT: true,
        FORBID_TAGS: [...policy.forbidTags],
        FORBID_ATTR: [...policy.forbidAttributes],
        ALLOW_DATA_ATTR: policy.allowDataAttributes,
        ALLOW_ARIA_ATTR: true,
      }) as DocumentFragment | null;
      // DOMPurify gives null when the markup cannot have a body (a frameset, say): show it as text.
      if (!fragment) {
        const text = ownerDocument.createDocumentFragment();
        text.append(String(html));
        return text;
      }
      return ownerDocument === fragment.ownerDocument ? fragment : (ownerDocument.importNode(fragment, true) as DocumentFragment);
    },
    toHtml(html) {
      // Serialized from the very fragment a page would be given, so the string and the paint agree.
      const holder = window.document.createElement('template');
      holder.content.append(sanitizer.toFragment(html));
      return holder.innerHTML;
    },
  };
  return sanitizer;
}
