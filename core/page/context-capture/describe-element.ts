/**
 * A short, plain-text account of an element the visitor pinned: what it is (tag and role), what it
 * is called (its accessible name) and the start of its text. Form fields never give their values:
 * they may hold what the visitor typed.
 */
import type { ElementDescription } from '../../palette/context/palette-context.types.js';

const NAME_LIMIT = 80;
const EXCERPT_LIMIT = 160;

const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button', summary: 'button', textarea: 'textbox', select: 'combobox', img: 'img', nav: 'navigation', main: 'main',
  aside: 'complementary', form: 'form', article: 'article', ul: 'list', ol: 'list', li: 'listitem', table: 'table', dialog: 'dialog',
  h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', header: 'banner', footer: 'contentinfo',
  figure: 'figure', progress: 'progressbar', hr: 'separator', option: 'option', fieldset: 'group',
};

const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
  button: 'button', submit: 'button', reset: 'button', image: 'button',
};

/** Roles whose name is their text, when nothing else names them. */
const NAMED_BY_CONTENT = new Set(['button', 'link', 'heading', 'tab', 'option', 'menuitem', 'listitem', 'cell', 'checkbox', 'radio', 'switch']);

const FORM_FIELDS = new Set(['input', 'textarea', 'select']);

export function describeElement(element: Element): ElementDescription {
  const tag = element.localName;
  const description: ElementDescription = { tag };
  const role = roleOf(element);
  if (role) description.role = role;
  const text = FORM_FIELDS.has(tag) ? '' : flat((element as HTMLElement).innerText ?? element.textContent ?? '');
  const name = nameOf(element) || (role && NAMED_BY_CONTENT.has(role) ? text : '');
  if (name) description.name = cut(name, NAME_LIMIT);
  if (text && text !== name) description.excerpt = cut(text, EXCERPT_LIMIT);
  return description;
}

function roleOf(element: Element): string {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = element.localName;
  if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : '';
  if (tag === 'input') return INPUT_ROLES[(element as HTMLInputElement).type] ?? 'textbox';
  if (tag === 'section') return nameOf(element) ? 'region' : '';
  return IMPLICIT_ROLES[tag] ?? '';
}

/** The name given by labels and attributes, in the order assistive technology reads them. */
function nameOf(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = element.getRootNode() as Document | ShadowRoot;
    const text = flat(labelledBy.split(/\s+/).map((id) => (id ? root.getElementById?.(id)?.textContent ?? '' : '')).join(' '));
    if (text) return text;
  }
  const label = flat(element.getAttribute('aria-label') ?? '');
  if (label) return label;
  const labels = (element as HTMLInputElement).labels;
  if (labels?.length) {
    const text = flat([...labels].map((each) => each.textContent ?? '').join(' '));
    if (text) return text;
  }
  if (element.localName === 'img' || (element.localName === 'input' && (element as HTMLInputElement).type === 'image')) {
    const alt = flat(element.getAttribute('alt') ?? '');
    if (alt) return alt;
  }
  const placeholder = flat(element.getAttribute('placeholder') ?? '');
  if (placeholder) return placeholder;
  return flat(element.getAttribute('title') ?? '');
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}
