import createDOMPurify from 'dompurify';

/** Turns a region's accepted HTML into DOM that carries no script, handler, style or unsafe URL. */
export interface RegionHtmlSanitizer {
  toFragment(html: string, ownerDocument?: Document): DocumentFragment;
}

// The region target already refuses script and active content; this second pass is what keeps the
// live page safe whatever a store holds. Styles and form controls stay out: region content has no
// business restyling or overlaying the host page, nor collecting input.
const FORBIDDEN_TAGS = ['style', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'dialog', 'template'];
const FORBIDDEN_ATTRIBUTES = ['style', 'formaction', 'action', 'srcdoc'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i;

export function createRegionHtmlSanitizer(window: Window & typeof globalThis): RegionHtmlSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'src', 'xlink:href']) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
  });
  return {
    toFragment(html, ownerDocument = window.document) {
      const fragment = purify.sanitize(String(html), {
        RETURN_DOM_FRAGMENT: true,
        FORBID_TAGS: FORBIDDEN_TAGS,
        FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
        ALLOW_ARIA_ATTR: true,
        ALLOW_DATA_ATTR: true,
      });
      return ownerDocument === fragment.ownerDocument ? fragment : (ownerDocument.importNode(fragment, true) as DocumentFragment);
    },
  };
}
