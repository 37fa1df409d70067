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
