import createDOMPurify from 'dompurify';

// A result is read, not used: no forms, frames, styles or SVG, and links open beside the page.
const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'template', 'link', 'meta', 'base', 'dialog'];
const FORBIDDEN_ATTRIBUTES = ['style', 'id', 'name', 'class', 'srcset', 'formaction', 'action', 'xlink:href'];
const SAFE_URL = /^(?:https?:|mailto:|#|\/(?!\/)|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i;

/** Host- or model-given HTML as a fragment that carries no script, handler or unsafe URL. */
export function createHtmlSanitizer(window: Window & typeof globalThis): (html: string) => DocumentFragment {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'src']) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return (html) =>
    purify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: FORBIDDEN_TAGS, FORBID_ATTR: FORBIDDEN_ATTRIBUTES, ALLOW_DATA_ATTR: false });
}
