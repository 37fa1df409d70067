// How the reader treats each kind of element. Keys are `localName`s (lowercase for HTML elements).

/** Never rendered as page content, or not readable as text. */
export const SKIPPED_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'head', 'meta', 'link', 'title', 'base',
  'source', 'track', 'param', 'object', 'embed', 'map', 'area', 'datalist', 'video', 'audio',
]);

/** Interactive by their tag alone (an `a` only with an `href`). */
export const INTERACTIVE_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'label', 'summary']);

/** ARIA roles that make any element something to operate. */
export const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'checkbox', 'radio',
  'switch', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem', 'gridcell',
]);

/** The role each interactive tag already implies, so an explicit duplicate is not printed. */
export const IMPLIED_ROLES: Record<string, string> = {
  a: 'link', button: 'button', select: 'combobox', textarea: 'textbox', summary: 'button',
};

/** Containers that open an indented block in the output. */
export const SECTION_TAGS = new Set([
  'section', 'article', 'aside', 'nav', 'main', 'header', 'footer', 'form', 'fieldset', 'details', 'dialog',
]);

/** Landmark roles on generic elements that read like the section tags above. */
export const SECTION_ROLES: Record<string, string> = {
  navigation: 'nav', main: 'main', banner: 'header', contentinfo: 'footer', complementary: 'aside',
  search: 'search', form: 'form', dialog: 'dialog', alertdialog: 'dialog', region: 'section',
};

export const HEADING_LEVELS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** Elements whose own text never flows with the text around them, whatever their CSS says. */
export const BLOCK_TAGS = new Set([
  'p', 'div', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'blockquote', 'figure', 'figcaption', 'caption', 'legend',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'address', 'hr', 'output', 'meter', 'progress',
]);

/** `display` values that keep an element in the line it sits in. */
export const INLINE_DISPLAYS = new Set([
  'inline', 'inline-block', 'inline-flex', 'inline-grid', 'inline-table', 'ruby', 'ruby-text',
]);

/** Input types that hold text typed by the user (their value is shown, capped). */
export const TEXT_INPUT_TYPES = new Set([
  'text', 'search', 'email', 'url', 'tel', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'range',
]);

/** How an operable element is read; undefined for everything else. */
export type InteractiveKind = 'control' | 'container' | undefined;

/** Left out of the reading at the page's request (`data-dddk-skip`, `class="dddk-skip"`). */
export function optedOut(element: Element): boolean {
  if (element.hasAttribute('data-dddk-skip')) return true;
  const classes = element.getAttribute('class');
  return classes !== null && classes.includes('dddk-skip') && /(^|\s)dddk-skip(\s|$)/.test(classes);
}

/** The first token of an attribute such as `role`, lower-cased; null when there is none. */
export function firstToken(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim().toLowerCase();
  const space = trimmed.indexOf(' ');
  return space < 0 ? trimmed : trimmed.slice(0, space);
}

/**
 * `control`: operated as a whole, its content becomes its name. `container`: clickable or focusable
 * only through an attribute (`onclick`, a labelled `tabindex`), so it gets an id but its content
 * is read as usual.
 */
export function interactiveKind(element: Element, tag: string, role: string | null, hasAttributes: boolean): InteractiveKind {
  if (tag === 'a') {
    if (hasAttributes && element.hasAttribute('href')) return 'control';
  } else if (INTERACTIVE_TAGS.has(tag)) {
    return tag === 'input' && (element as HTMLInputElement).type === 'hidden' ? undefined : 'control';
  }
  if (!hasAttributes) return undefined;
  if (role !== null && INTERACTIVE_ROLES.has(role)) return 'control';
  const editable = element.getAttribute('contenteditable');
  if (editable !== null && editable !== 'false') return 'control';
  if (element.hasAttribute('onclick')) return 'container';
  const tabindex = element.getAttribute('tabindex');
  if (tabindex !== null && Number(tabindex) >= 0) {
    if (element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('title')) {
      return 'container';
    }
  }
  return undefined;
}

/** What a control's id stands for in a block's counts: a link, a field to fill, or anything else. */
export function idKind(element: Element, tag: string): 'link' | 'field' | 'control' {
  if (tag === 'a') return 'link';
  if (tag === 'select' || tag === 'textarea') return 'field';
  if (tag === 'input') return TEXT_INPUT_TYPES.has((element as HTMLInputElement).type) || (element as HTMLInputElement).type === 'password' ? 'field' : 'control';
  return 'control';
}

/** Whether an element's content lays out as a block of its own (never with `display: contents`). */
export function isBlock(tag: string, display: string): boolean {
  return display !== 'contents' && (BLOCK_TAGS.has(tag) || !INLINE_DISPLAYS.has(display));
}
