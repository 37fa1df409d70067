/**
 * An element as the visitor sees it (its role and the text they read on it) and every text it
 * could be called by, for the destructive-wording signal: the visible text, the accessible name,
 * the value and the title. A page can lie in any one of them, so all of them count.
 */
import type { EffectSubject } from '../../effects/effect.types.js';
import { accessibleName, flatText as flat, labelledByName, labelsName } from '../accessible-name.js';

const NAME_LIMIT = 80;

const ROLE_WORDS: Readonly<Record<string, EffectSubject['role']>> = {
  button: 'button',
  link: 'link',
  checkbox: 'checkbox',
  radio: 'radio',
  switch: 'switch',
  tab: 'tab',
  menuitem: 'menu-item',
  menuitemcheckbox: 'menu-item',
  menuitemradio: 'menu-item',
  option: 'option',
  textbox: 'field',
  searchbox: 'field',
  combobox: 'field',
};

const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image']);

function clipped(text: string): string {
  return text.length > NAME_LIMIT ? `${text.slice(0, NAME_LIMIT - 1)}…` : text;
}

function roleOf(element: Element): EffectSubject['role'] {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit && ROLE_WORDS[explicit]) return ROLE_WORDS[explicit]!;
  switch (element.localName) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : 'element';
    case 'button':
    case 'summary':
      return 'button';
    case 'select':
    case 'textarea':
      return 'field';
    case 'form':
      return 'form';
    case 'input': {
      const type = (element as HTMLInputElement).type;
      if (BUTTON_INPUTS.has(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      return 'field';
    }
    default:
      return (element as HTMLElement).isContentEditable ? 'field' : 'element';
  }
}

/** What a sighted visitor reads on the element: its rendered text, a button input's value, an image button's alt. */
export function visibleText(element: Element): string {
  if (element.localName === 'input') {
    const input = element as HTMLInputElement;
    if (input.type === 'image') return flat(input.alt);
    return BUTTON_INPUTS.has(input.type) ? flat(input.value || (input.type === 'submit' ? 'Submit' : input.type === 'reset' ? 'Reset' : '')) : '';
  }
  if (element.localName === 'select' || element.localName === 'textarea') return '';
  return flat((element as HTMLElement).innerText ?? element.textContent);
}

/** The element in the visitor's words: the role they see and the text they read on it first. */
export function subjectOf(element: Element): EffectSubject {
  const role = roleOf(element);
  const name = role === 'field' ? accessibleName(element) || flat(element.getAttribute('name')) : visibleText(element) || accessibleName(element);
  return { role, name: clipped(name) };
}

/** Every text the element could be called by; each is matched for destructive wording. */
export function wordsOf(element: Element): string[] {
  const texts = [
    visibleText(element),
    labelledByName(element),
    element.getAttribute('aria-label'),
    element.getAttribute('aria-description'),
    labelsName(element),
    element.getAttribute('title'),
    element.getAttribute('alt'),
    (element as HTMLInputElement).value !== undefined && element.localName !== 'input' ? (element as HTMLButtonElement).value : null,
  ];
  return texts.filter((text): text is string => typeof text === 'string' && text.trim() !== '');
}

/** A form's own name: its accessible name, else its first legend or heading. */
export function formName(form: Element): string {
  const named = accessibleName(form);
  if (named) return clipped(named);
  const heading = form.querySelector('legend, h1, h2, h3, h4, h5, h6');
  return clipped(flat(heading?.textContent));
}

/** A destination's path read as words (`/account/delete` → "account delete"), for the wording signal. */
export function pathWords(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.pathname + ' ' + parsed.search).replace(/[/?=&+#]+/g, ' ').trim();
  } catch {
    return '';
  }
}
