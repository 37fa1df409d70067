import { deepActiveElement } from '../deep-active-element.js';
import { setNativeValue } from '../forms/native-value.js';
import { describeElement } from './describe-element.js';
import { isVisible } from './element-state.js';
import { modifierKey, type KeyCombo, type Modifier } from './key-combo.js';

/** Synthetic keyboard events, and the browser's default actions that synthetic events do not run. */

/** Where keys go when no element is named: the focused one (inside open shadow roots), else the body. */
export function keyboardFocus(): Element {
  return deepActiveElement() ?? document.body ?? document.documentElement;
}

export function fireKey(target: Element, type: 'keydown' | 'keypress' | 'keyup', combo: KeyCombo, held: Modifier[], repeat = false): boolean {
  const view = target.ownerDocument.defaultView ?? window;
  const event = new view.KeyboardEvent(type, {
    key: type === 'keypress' && combo.key === 'Enter' ? 'Enter' : combo.key,
    code: combo.code,
    bubbles: true,
    cancelable: true,
    composed: true,
    repeat,
    view,
    ctrlKey: held.includes('Control'),
    shiftKey: held.includes('Shift'),
    altKey: held.includes('Alt'),
    metaKey: held.includes('Meta'),
  });
  // Older scripts read keyCode/which/charCode, which the constructor cannot set.
  const charCode = type === 'keypress' ? (combo.key === 'Enter' ? 13 : combo.key.codePointAt(0) ?? 0) : 0;
  const keyCode = type === 'keypress' ? charCode : combo.keyCode;
  Object.defineProperty(event, 'keyCode', { get: () => keyCode });
  Object.defineProperty(event, 'which', { get: () => keyCode });
  Object.defineProperty(event, 'charCode', { get: () => charCode });
  return target.dispatchEvent(event);
}

/** Presses the modifiers in order, returning the list held so far for each next event. */
export function pressModifiers(target: Element, modifiers: Modifier[]): Modifier[] {
  const held: Modifier[] = [];
  for (const modifier of modifiers) {
    held.push(modifier);
    fireKey(target, 'keydown', modifierKey(modifier), held);
  }
  return held;
}

export function releaseModifiers(target: Element, held: Modifier[]): void {
  for (const modifier of [...held].reverse()) {
    held.splice(held.indexOf(modifier), 1);
    fireKey(target, 'keyup', modifierKey(modifier), held);
  }
}

const SELECTABLE_TYPES = new Set(['text', 'search', 'url', 'tel', 'password']);
const TEXT_ENTRY_TYPES = new Set([...SELECTABLE_TYPES, 'email', 'number']);

export function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el.localName === 'textarea') return true;
  return el.localName === 'input' && TEXT_ENTRY_TYPES.has((el as HTMLInputElement).type);
}

export type TextEdit = { insert: string } | { remove: 'backward' | 'forward' };

/** Types or deletes at the caret of a text field or editable region, firing `input`. */
export function editText(el: Element, edit: TextEdit): boolean {
  if ((el as HTMLElement).isContentEditable && !isTextField(el)) {
    const command = 'insert' in edit ? 'insertText' : edit.remove === 'backward' ? 'delete' : 'forwardDelete';
    return el.ownerDocument.execCommand(command, false, 'insert' in edit ? edit.insert : undefined);
  }
  if (!isTextField(el) || el.readOnly || el.disabled) return false;
  const value = el.value;
  const selectable = el.localName === 'textarea' || SELECTABLE_TYPES.has(el.type);
  let start = selectable ? (el.selectionStart ?? value.length) : value.length;
  let end = selectable ? (el.selectionEnd ?? value.length) : value.length;
  let inserted = '';
  if ('insert' in edit) {
    inserted = edit.insert;
    if (el.maxLength >= 0 && value.length - (end - start) + inserted.length > el.maxLength) return false;
  } else if (start === end) {
    if (edit.remove === 'backward' && start > 0) start -= 1;
    else if (edit.remove === 'forward' && end < value.length) end += 1;
    else return false;
  }
  setNativeValue(el, value.slice(0, start) + inserted + value.slice(end));
  if (selectable) el.setSelectionRange(start + inserted.length, start + inserted.length);
  const view = el.ownerDocument.defaultView ?? window;
  const inputType = 'insert' in edit ? (inserted === '\n' ? 'insertLineBreak' : 'insertText') : edit.remove === 'backward' ? 'deleteContentBackward' : 'deleteContentForward';
  el.dispatchEvent(new view.InputEvent('input', { bubbles: true, composed: true, inputType, data: inserted || null }));
  return true;
}

const FOCUSABLE =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex], [contenteditable=""], [contenteditable="true"]';

/** Moves focus to the next (or previous) element in tab order, as the Tab key does. */
export function moveFocus(from: Element, backwards: boolean): Element | undefined {
  const candidates = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && !el.closest('[inert]') && isVisible(el),
  );
  const positive = candidates.filter((el) => el.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  const order = [...positive, ...candidates.filter((el) => el.tabIndex === 0)];
  if (order.length === 0) return undefined;
  const index = order.indexOf(from as HTMLElement);
  const next = index < 0 ? (backwards ? order.at(-1) : order[0]) : order[(index + (backwards ? -1 : 1) + order.length) % order.length];
  next?.focus();
  return next;
}

/** Fields in which Enter submits their form, and which (when there are several) keep a form without a submit button from submitting on Enter. */
const IMPLICIT_SUBMIT_BLOCKERS = new Set([
  'text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number',
]);

/** What Enter activates as if clicked. */
export const ENTER_ACTIVATES = 'button, a[href], summary, input[type="submit"], input[type="button"], input[type="reset"], input[type="image"]';
/** What Space activates (on release) as if clicked. */
export const SPACE_ACTIVATES = 'button, summary, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"], input[type="reset"]';

/** The form that Enter in this field submits implicitly, if it is such a field in a form. */
export function implicitlySubmittedForm(el: Element): HTMLFormElement | undefined {
  if (el.localName !== 'input' || !IMPLICIT_SUBMIT_BLOCKERS.has((el as HTMLInputElement).type)) return undefined;
  return (el as HTMLInputElement).form ?? undefined;
}

export function defaultButton(form: HTMLFormElement): HTMLButtonElement | HTMLInputElement | undefined {
  return [...form.elements].find((el): el is HTMLButtonElement | HTMLInputElement =>
    el.matches('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]'),
  );
}

/** Whether Enter in a field of this form submits it (HTML's implicit submission rules). */
export function implicitSubmitter(form: HTMLFormElement): { ok: true; submitter?: HTMLElement } | { ok: false; why: string } {
  const button = defaultButton(form);
  if (button) {
    if (button.disabled) return { ok: false, why: `its submit button ${describeElement(button)} is disabled` };
    return { ok: true, submitter: button };
  }
  const blockers = [...form.elements].filter((el) => el.localName === 'input' && IMPLICIT_SUBMIT_BLOCKERS.has((el as HTMLInputElement).type));
  if (blockers.length > 1) return { ok: false, why: 'the form has several fields and no submit button, so Enter does not submit it' };
  return { ok: true };
}
