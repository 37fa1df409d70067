/**
 * An element's accessible name: what assistive technology announces it as, computed in the order
 * of the W3C accname steps and HTML-AAM, as Chromium follows them. `aria-labelledby` (the referenced
 * elements' text, not followed further), `aria-label`, the host language's own label (a control's
 * `<label>`s, an image's `alt`, a button input's value, a fieldset's legend, a table's caption, an
 * svg's `<title>`), the element's content when its role is named by it, `title`, then a text
 * field's placeholder. Text that is not shown (display, visibility, `aria-hidden`) is no part of a
 * name, except where the label itself is hidden: then all of it counts. A field embedded in another
 * control's label lends its value, but a secret field never does.
 */
import { isSecretField } from './forms/secret-fields.js';

/** Roles that take their name from their content (ARIA 1.2). */
const NAMED_BY_CONTENT_ROLES = new Set([
  'button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem',
]);
/** Tags whose implicit role is named by content (links and areas only with an `href`). */
const NAMED_BY_CONTENT_TAGS = new Set(['button', 'summary', 'option', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr']);
/** Elements whose `.labels` name them (HTML's labelable elements, input aside). */
const LABELABLE_TAGS = new Set(['button', 'select', 'textarea', 'meter', 'output', 'progress']);
const BUTTON_INPUT_DEFAULTS: Readonly<Record<string, string>> = { submit: 'Submit', reset: 'Reset', button: '' };
/** Input types whose value is typed text (or a number): their value is what they lend a label. */
const VALUE_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number', 'range', '']);
const RANGE_ROLES = new Set(['slider', 'spinbutton', 'scrollbar', 'progressbar', 'meter']);
/** Never text: their content is code, a template or an svg's own label. */
const NO_TEXT_TAGS = new Set(['script', 'style', 'template', 'noscript', 'title', 'desc']);

/**
 * Why a node's text alternative is asked: it is the element being named (`root`), an element that
 * names another (an `aria-labelledby` target, a `<label>`, a legend), or a part of one's content (`child`).
 */
type NamePart = 'root' | 'label' | 'child';

interface NameWalk {
  /** The element being named: met again inside its own label, it adds nothing. */
  readonly root: Element;
  /** Elements being named right now, so that a label inside its own control is not read twice. */
  readonly visiting: Set<Element>;
  /** Inside a hidden label: its hidden parts count too. */
  readonly showHidden: boolean;
}

/** Whitespace collapsed to single spaces, trimmed. */
export function flatText(text: string | null | undefined): string {
  return text ? text.replace(/\s+/g, ' ').trim() : '';
}

/** The element's accessible name, whitespace collapsed; '' when nothing names it. */
export function accessibleName(element: Element): string {
  return flatText(alternative(element, { root: element, visiting: new Set(), showHidden: isHidden(element) }, false, 'root'));
}

/** The name `aria-labelledby` gives: each referenced element's text alternative, in order. */
export function labelledByName(element: Element): string {
  if (!element.hasAttribute('aria-labelledby')) return '';
  return flatText(labelledBy(element, { root: element, visiting: new Set(), showHidden: false }));
}

/** `aria-label`, whitespace collapsed. */
export function ariaLabel(element: Element): string {
  return flatText(element.getAttribute('aria-label'));
}

/**
 * The name an author gave on top of the markup (accname 2B, then 2C): `aria-labelledby`, else
 * `aria-label`. Cheap when neither is set, which is why the page reader asks this and not the whole name.
 */
export function authorName(element: Element): string {
  return labelledByName(element) || ariaLabel(element);
}

/** The text of the element's `<label>`s, the element itself left out of them. */
export function labelsName(element: Element): string {
  return flatText(labelsOf(element, { root: element, visiting: new Set([element]), showHidden: false }, false));
}

/** Whether the element's role takes its name from its content (a button, a link, a heading…). */
export function isNamedByContent(element: Element): boolean {
  const role = explicitRole(element);
  if (role) return NAMED_BY_CONTENT_ROLES.has(role);
  const tag = element.localName;
  if (tag === 'a' || tag === 'area') return element.hasAttribute('href');
  return NAMED_BY_CONTENT_TAGS.has(tag);
}

function explicitRole(element: Element): string {
  const role = element.getAttribute('role');
  return role ? (role.trim().split(/\s+/)[0] ?? '').toLowerCase() : '';
}

/**
 * One node's text alternative. `traversal`: inside an `aria-labelledby` target, whose own
 * `aria-labelledby` is not followed. Any `part` but the root lends a field's value and any element's content.
 */
function alternative(element: Element, walk: NameWalk, traversal: boolean, part: NamePart): string {
  if (!traversal) {
    const referenced = labelledBy(element, walk);
    if (referenced) return referenced;
  }
  if (part !== 'root' && element !== walk.root) {
    const value = embeddedValue(element);
    if (value !== undefined) return value;
  }
  const label = ariaLabel(element);
  if (label) return label;
  const entered = !walk.visiting.has(element);
  if (entered) walk.visiting.add(element);
  try {
    const role = explicitRole(element);
    const native = role === 'presentation' || role === 'none' ? '' : nativeName(element, walk, traversal);
    if (native) return native;
    if (part !== 'root' || isNamedByContent(element)) {
      const content = flatText(contentOf(element, walk, traversal));
      if (content) return content;
    }
    // `title` names the element or a label of it, never a part of some content (as Chromium reads it).
    return part === 'child' ? '' : flatText(element.getAttribute('title')) || placeholderOf(element);
  } finally {
    if (entered) walk.visiting.delete(element);
  }
}

function labelledBy(element: Element, walk: NameWalk): string {
  const ids = element.getAttribute('aria-labelledby');
  if (!ids) return '';
  const root = element.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  for (const id of ids.trim().split(/\s+/)) {
    const target = id ? root.getElementById?.(id) : null;
    if (!target) continue;
    // A hidden element still names what points at it, with all of its text.
    const showHidden = walk.showHidden || isHidden(target);
    parts.push(alternative(target, showHidden === walk.showHidden ? walk : { ...walk, showHidden }, true, 'label'));
  }
  return flatText(parts.join(' '));
}

/** accname 2D: what the host language itself names the element by. */
function nativeName(element: Element, walk: NameWalk, traversal: boolean): string {
  const tag = element.localName;
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    if (input.type === 'hidden') return '';
    if (input.type === 'image') return flatText(input.alt);
    const labelled = labelsOf(input, walk, traversal);
    if (labelled) return labelled;
    const fallback = BUTTON_INPUT_DEFAULTS[input.type];
    return fallback === undefined ? '' : flatText(input.value) || fallback;
  }
  if (LABELABLE_TAGS.has(tag)) return labelsOf(element, walk, traversal);
  switch (tag) {
    case 'img':
    case 'area':
      return flatText(element.getAttribute('alt'));
    case 'option':
      return flatText(element.getAttribute('label'));
    case 'fieldset':
      return captionName(element, 'legend', walk, traversal);
    case 'table':
      return captionName(element, 'caption', walk, traversal);
    case 'svg':
      for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
        if (child.localName === 'title') return flatText(child.textContent);
      }
      return '';
    default:
      return '';
  }
}

/** A text field's placeholder: the last resort, after `title` (HTML-AAM). */
function placeholderOf(element: Element): string {
  const tag = element.localName;
  return tag === 'input' || tag === 'textarea' ? flatText((element as HTMLInputElement).placeholder) : '';
}

function labelsOf(element: Element, walk: NameWalk, traversal: boolean): string {
  const labels = (element as HTMLInputElement).labels;
  if (!labels || labels.length === 0) return '';
  const parts: string[] = [];
  for (const label of labels) {
    if (walk.visiting.has(label)) continue;
    const showHidden = walk.showHidden || isHidden(label);
    parts.push(alternative(label, showHidden === walk.showHidden ? walk : { ...walk, showHidden }, traversal, 'label'));
  }
  return flatText(parts.join(' '));
}

/** A fieldset's legend, a table's caption: its first child of that tag. */
function captionName(element: Element, captionTag: string, walk: NameWalk, traversal: boolean): string {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === captionTag) return flatText(alternative(child, walk, traversal, 'label'));
  }
  return '';
}

/** accname 2E: a field inside another element's label lends its current value; undefined for anything else. */
function embeddedValue(element: Element): string | undefined {
  const tag = element.localName;
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    if (!VALUE_INPUT_TYPES.has(input.type)) return undefined;
    return isSecretField(input) ? '' : input.value;
  }
  if (tag === 'textarea') return isSecretField(element) ? '' : (element as HTMLTextAreaElement).value;
  if (tag === 'select') {
    if (isSecretField(element)) return '';
    return Array.from((element as HTMLSelectElement).selectedOptions, (option) => option.text).join(' ');
  }
  if (RANGE_ROLES.has(explicitRole(element))) {
    const value = element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow');
    if (value !== null) return value;
  }
  return undefined;
}

/** accname 2F: the text alternatives of the element's children, in the flat tree (shadow roots, slotted nodes). */
function contentOf(element: Element, walk: NameWalk, traversal: boolean): string {
  let text = '';
  for (const node of flatChildren(element)) {
    if (node.nodeType === 3) {
      text += (node as Text).data;
      continue;
    }
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    const tag = child.localName;
    if (child === walk.root || walk.visiting.has(child) || NO_TEXT_TAGS.has(tag)) continue;
    if (tag === 'br') {
      text += ' ';
      continue;
    }
    if (!walk.showHidden && child.getAttribute('aria-hidden') === 'true') continue;
    const style = child.ownerDocument.defaultView?.getComputedStyle(child);
    // Under `visibility: hidden` nothing is read, even a part made visible again (as Chromium reads it).
    if (style && !walk.showHidden && (style.display === 'none' || style.visibility !== 'visible')) continue;
    const part = alternative(child, walk, traversal, 'child');
    // A box of its own (a block, an inline-block) is a word of its own.
    const inline = !style || style.display === 'inline' || style.display === 'contents';
    text += inline ? part : ` ${part} `;
  }
  return text;
}

function flatChildren(element: Element): Iterable<Node> {
  if (element.localName === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedNodes();
    if (assigned.length > 0) return assigned;
  }
  return (element.shadowRoot ?? element).childNodes;
}

/** Not shown at all: no box, invisible, or under `aria-hidden`. */
function isHidden(element: Element): boolean {
  if (element.closest('[aria-hidden="true"]')) return true;
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  if (typeof check === 'function') {
    if (check.call(element, { visibilityProperty: true })) return false;
    // An element with `display: contents` has no box of its own, yet its content shows.
    return element.ownerDocument.defaultView?.getComputedStyle(element).display !== 'contents';
  }
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  return style !== undefined && (style.display === 'none' || style.visibility !== 'visible');
}
