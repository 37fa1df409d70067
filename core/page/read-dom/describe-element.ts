import { authorName } from '../accessible-name.js';
import { isSecretField } from '../forms/secret-fields.js';
import { defuseMarkup } from './defuse.js';
import { IMPLIED_ROLES, TEXT_INPUT_TYPES } from './element-kinds.js';
import { shortHref } from './short-url.js';
import { clip, collapseWhitespace } from './text.js';

const VALUE_LIMIT = 60;
const LABEL_LIMIT = 100;
const MAX_OPTIONS = 8;
/** What a secret field (password, one-time code, payment) shows instead of its value. */
const MASKED_VALUE = 'value=***';

/**
 * Shortens attribute values for the reading, and remembers whether it shortened any: a rendering
 * that lost something is folded, its whole form one `read_text` away. With `whole`, nothing is cut.
 */
export class ValueClipper {
  clipped = false;

  constructor(readonly whole = false) {}

  cut(text: string, limit: number): string {
    if (this.whole || text.length <= limit) return text;
    this.clipped = true;
    return clip(text, limit);
  }
}

/** Tags operated the same way whatever role they are given (a link is clicked, a field is typed in). */
const NATIVE_CONTROLS = new Set(['a', 'button', 'input', 'textarea', 'select', 'summary', 'label']);

/** Roles that change how an element is operated or what state it shows: worth printing on any tag. */
const STATEFUL_ROLES = new Set([
  'checkbox', 'radio', 'switch', 'tab', 'option', 'combobox', 'slider', 'spinbutton', 'menuitemcheckbox', 'menuitemradio',
]);

/** Link texts that do not say where the link goes; such links show their target. */
const GENERIC_LINK_TEXT = new RegExp(
  '^\\W*(more|read more|see more|view more|learn more|more info|details|here|click here|link|this|' +
    'continue( reading)?|next|prev(ious)?|back|go|open|view|show|download)\\W*$',
  'i',
);

/** One `name=value` pair, quoted only when the value would otherwise be ambiguous. */
export function attribute(name: string, value: string, limit = VALUE_LIMIT, clipper = new ValueClipper()): string {
  // Like page text, a value must not read as an element rendering (`[3]<button>`) or a fold marker.
  const short = defuseMarkup(clipper.cut(collapseWhitespace(value).trim(), limit));
  return /^[^\s"'<>`]+$/.test(short) ? `${name}=${short}` : `${name}="${short.replace(/"/g, "'")}"`;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The text shown for a form control with no content of its own: a select's options. */
export function controlContent(element: Element, tag: string): string {
  if (tag === 'select') {
    const options = (element as HTMLSelectElement).options;
    const names: string[] = [];
    for (let i = 0; i < options.length && i < MAX_OPTIONS; i++) {
      names.push(clip(collapseWhitespace(options[i]!.text).trim(), 30));
    }
    if (options.length > MAX_OPTIONS) names.push(`…+${options.length - MAX_OPTIONS}`);
    return names.join('|');
  }
  return '';
}

/**
 * The opening of an element's one-line rendering, `<tag attr=… flag>`: only what helps to choose
 * and operate it — its role when the tag does not imply it, where a link leads when its text does
 * not say (no text, or a generic one like "more"), a control's type, name, placeholder and current
 * value or state, a label when it differs from the visible text — and, with `flagUnnamed`,
 * `unnamed` when nothing at all names it.
 */
export function openingTag(
  element: Element,
  tag: string,
  role: string | null,
  content: string,
  page: URL | undefined,
  flagUnnamed: boolean,
  clipper = new ValueClipper(),
): string {
  // What a reader sees or hears as the element's name or value is never cut silently: `clipper` notes
  // each cut, and the caller folds the rendering. A field's `name` is a key for forms, kept short.
  const parts: string[] = [tag];
  if (role && IMPLIED_ROLES[tag] !== role && (!NATIVE_CONTROLS.has(tag) || STATEFUL_ROLES.has(role))) {
    parts.push(attribute('role', role, VALUE_LIMIT, clipper));
  }
  let named = content !== '';
  if (tagAttributes(element, tag, content, page, parts, clipper)) named = true;
  if (nameAttributes(element, content, parts, clipper)) named = true;
  stateFlags(element, tag, parts);
  if (flagUnnamed && !named && tag !== 'select' && tag !== 'input' && tag !== 'textarea') parts.push('unnamed');
  return `<${parts.join(' ')}>`;
}

/** What the tag itself has to say: a link's target, a field's type, name, value. True when that names the element. */
function tagAttributes(element: Element, tag: string, content: string, page: URL | undefined, parts: string[], clipper: ValueClipper): boolean {
  switch (tag) {
    case 'a': {
      if (content && !GENERIC_LINK_TEXT.test(content)) return false;
      const href = shortHref((element as HTMLAnchorElement).href || element.getAttribute('href') || '', page);
      if (href) parts.push(attribute('href', href, 48, clipper));
      return Boolean(href);
    }
    case 'input':
      return inputAttributes(element as HTMLInputElement, parts, clipper);
    case 'textarea': {
      const textarea = element as HTMLTextAreaElement;
      if (textarea.name) parts.push(attribute('name', textarea.name, 24));
      if (textarea.placeholder) parts.push(attribute('placeholder', textarea.placeholder, VALUE_LIMIT, clipper));
      if (textarea.value) parts.push(isSecretField(textarea) ? MASKED_VALUE : attribute('value', textarea.value, 160, clipper));
      if (textarea.readOnly) parts.push('readonly');
      return textarea.placeholder !== '';
    }
    case 'select': {
      const select = element as HTMLSelectElement;
      if (select.name) parts.push(attribute('name', select.name, 24));
      const chosen = select.selectedOptions;
      if (chosen.length > 0) {
        parts.push(isSecretField(select) ? MASKED_VALUE : attribute('value', Array.from(chosen, (option) => option.text).join(', '), VALUE_LIMIT, clipper));
      }
      return false;
    }
    case 'button': {
      const type = element.getAttribute('type');
      if (type === 'submit' || type === 'reset') parts.push(`type=${type}`);
      return false;
    }
    default: {
      const editable = element.getAttribute('contenteditable');
      if (editable !== null && editable !== 'false') parts.push('contenteditable');
      return false;
    }
  }
}

/** An input's type, name, placeholder and value or state; a secret field shows only that it holds something. */
function inputAttributes(input: HTMLInputElement, parts: string[], clipper: ValueClipper): boolean {
  const type = input.type;
  let named = false;
  if (type !== 'text') parts.push(`type=${type}`);
  if (input.name) parts.push(attribute('name', input.name, 24));
  if (input.placeholder) {
    parts.push(attribute('placeholder', input.placeholder, VALUE_LIMIT, clipper));
    named = true;
  }
  if (type === 'checkbox' || type === 'radio') {
    if (input.checked) parts.push('checked');
  } else if (isSecretField(input)) {
    // A password, one-time code or card field never shows what is typed in it, whatever its type.
    if (input.value) parts.push(MASKED_VALUE);
  } else if (type === 'submit' || type === 'button' || type === 'reset') {
    if (input.value) {
      parts.push(attribute('value', input.value, VALUE_LIMIT, clipper));
      named = true;
    }
  } else if (type === 'image') {
    const alt = input.alt || input.title;
    if (alt) {
      parts.push(attribute('alt', alt, VALUE_LIMIT, clipper));
      named = true;
    }
  } else if (TEXT_INPUT_TYPES.has(type) && input.value) {
    parts.push(attribute('value', input.value, VALUE_LIMIT, clipper));
  }
  if (input.readOnly) parts.push('readonly');
  return named;
}

/** The name an author gave when it differs from the text, or a title where nothing else names it. True when written. */
function nameAttributes(element: Element, content: string, parts: string[], clipper: ValueClipper): boolean {
  const label = authorName(element);
  if (label) {
    if (sameText(label, content)) return false;
    parts.push(attribute('aria-label', label, LABEL_LIMIT, clipper));
    return true;
  }
  // A title names what has no text, label or placeholder of its own.
  if (content || (element as HTMLInputElement).placeholder) return false;
  const title = element.getAttribute('title')?.trim();
  if (title) parts.push(attribute('title', title, LABEL_LIMIT, clipper));
  return Boolean(title);
}

/** The states a reader sees: disabled, expanded or collapsed, checked, selected, pressed. */
function stateFlags(element: Element, tag: string, parts: string[]): void {
  if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') parts.push('disabled');
  const parent = element.parentElement;
  const details = tag === 'summary' && parent?.localName === 'details' ? (parent as HTMLDetailsElement) : null;
  const expanded = details ? String(details.open) : element.getAttribute('aria-expanded');
  if (expanded === 'true') parts.push('expanded');
  else if (expanded === 'false') parts.push('collapsed');
  if (element.getAttribute('aria-checked') === 'true' || element.getAttribute('aria-checked') === 'mixed') parts.push('checked');
  if (element.getAttribute('aria-selected') === 'true') parts.push('selected');
  if (element.getAttribute('aria-pressed') === 'true') parts.push('pressed');
}
