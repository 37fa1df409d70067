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
  const value = (name: string, text: string, limit = VALUE_LIMIT) => attribute(name, text, limit, clipper);
  const parts: string[] = [tag];
  if (role && IMPLIED_ROLES[tag] !== role && (!NATIVE_CONTROLS.has(tag) || STATEFUL_ROLES.has(role))) {
    parts.push(value('role', role));
  }
  // A password, one-time code or card field never shows what is typed in it, whatever its type.
  const secret = (tag === 'input' || tag === 'textarea' || tag === 'select') && isSecretField(element);
  let named = content !== '';

  if (tag === 'a') {
    if (!content || GENERIC_LINK_TEXT.test(content)) {
      const href = shortHref((element as HTMLAnchorElement).href || element.getAttribute('href') || '', page);
      if (href) {
        parts.push(value('href', href, 48));
        named = true;
      }
    }
  } else if (tag === 'input') {
    const input = element as HTMLInputElement;
    const type = input.type;
    if (type !== 'text') parts.push(`type=${type}`);
    if (input.name) parts.push(attribute('name', input.name, 24));
    if (input.placeholder) {
      parts.push(value('placeholder', input.placeholder));
      named = true;
    }
    if (type === 'checkbox' || type === 'radio') {
      if (input.checked) parts.push('checked');
    } else if (secret) {
      if (input.value) parts.push(MASKED_VALUE);
    } else if (type === 'submit' || type === 'button' || type === 'reset') {
      if (input.value) {
        parts.push(value('value', input.value));
        named = true;
      }
    } else if (type === 'image') {
      const alt = input.alt || input.title;
      if (alt) {
        parts.push(value('alt', alt));
        named = true;
      }
    } else if (TEXT_INPUT_TYPES.has(type) && input.value) {
      parts.push(value('value', input.value));
    }
    if (input.readOnly) parts.push('readonly');
  } else if (tag === 'textarea') {
    const textarea = element as HTMLTextAreaElement;
    if (textarea.name) parts.push(attribute('name', textarea.name, 24));
    if (textarea.placeholder) {
      parts.push(value('placeholder', textarea.placeholder));
      named = true;
    }
    if (textarea.value) parts.push(secret ? MASKED_VALUE : value('value', textarea.value, 160));
    if (textarea.readOnly) parts.push('readonly');
  } else if (tag === 'select') {
    const select = element as HTMLSelectElement;
    if (select.name) parts.push(attribute('name', select.name, 24));
    const chosen = select.selectedOptions;
    if (chosen.length > 0) parts.push(secret ? MASKED_VALUE : value('value', Array.from(chosen, (option) => option.text).join(', ')));
  } else if (tag === 'button') {
    const type = element.getAttribute('type');
    if (type === 'submit' || type === 'reset') parts.push(`type=${type}`);
  } else if (element.getAttribute('contenteditable') !== null && element.getAttribute('contenteditable') !== 'false') {
    parts.push('contenteditable');
  }

  const label = authorName(element);
  if (label && !sameText(label, content)) {
    parts.push(value('aria-label', label, LABEL_LIMIT));
    named = true;
  }
  // A title names what has no text, label or placeholder of its own.
  if (!content && !label && !(element as HTMLInputElement).placeholder) {
    const title = element.getAttribute('title')?.trim();
    if (title) {
      parts.push(value('title', title, LABEL_LIMIT));
      named = true;
    }
  }

  if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') parts.push('disabled');
  const parent = element.parentElement;
  const details = tag === 'summary' && parent?.localName === 'details' ? (parent as HTMLDetailsElement) : null;
  const expanded = details ? String(details.open) : element.getAttribute('aria-expanded');
  if (expanded === 'true') parts.push('expanded');
  else if (expanded === 'false') parts.push('collapsed');
  if (element.getAttribute('aria-checked') === 'true' || element.getAttribute('aria-checked') === 'mixed') parts.push('checked');
  if (element.getAttribute('aria-selected') === 'true') parts.push('selected');
  if (element.getAttribute('aria-pressed') === 'true') parts.push('pressed');
  if (flagUnnamed && !named && tag !== 'select' && tag !== 'input' && tag !== 'textarea') parts.push('unnamed');
  return `<${parts.join(' ')}>`;
}
