import { deepActiveElement } from '../deep-active-element.js';
import { optionalNumber, optionalString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { disabledReason } from './element-state.js';
import { invalidFields, summarizeInvalid } from './invalid-fields.js';
import { parseKeyCombo, type KeyCombo, type Modifier } from './key-combo.js';
import {
  editText,
  ENTER_ACTIVATES,
  fireKey,
  implicitlySubmittedForm,
  implicitSubmitter,
  isTextField,
  keyboardFocus,
  moveFocus,
  pressModifiers,
  releaseModifiers,
  SPACE_ACTIVATES,
} from './keyboard.js';
import { urlChangeSince } from './pointer-actions.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { resolveElement } from './target.js';
import { sleep } from './timing.js';
import type { ActionContext, ActionFailure, ActionResult } from './types.js';

export interface KeyPressData {
  key: string;
  /** The page cancelled the keydown, so the browser's default action did not run. */
  prevented: boolean;
  /** Set when Enter tried to submit a form. */
  submitted?: boolean;
}

const MODIFIERS: Modifier[] = ['Control', 'Shift', 'Alt', 'Meta'];

function readCombo(args: Record<string, unknown>): KeyCombo | ActionFailure {
  const key = args.key;
  if (typeof key !== 'string' || key === '') {
    return fail('invalid_arguments', '"key" is required: a key like "Enter", "Escape", "a", or a combo like "Control+A".');
  }
  const combo = parseKeyCombo(key);
  return typeof combo === 'string' ? fail('invalid_arguments', combo) : combo;
}

/** Where the keys go: the given element (focused first), else whatever has focus. */
function keyTarget(args: Record<string, unknown>, ctx: ActionContext): Element | ActionFailure {
  const id = optionalString(args, 'target');
  if (isFailure(id)) return id;
  if (!id) return keyboardFocus();
  const element = resolveElement(ctx, id);
  if (isFailure(element)) return element;
  const disabled = disabledReason(element);
  if (disabled) return fail('not_interactive', `Cannot send keys to ${describeElement(element)}: ${disabled}.`);
  if (deepActiveElement() !== element) (element as HTMLElement).focus?.({ preventScroll: true });
  return element;
}

interface DefaultOutcome {
  note: string;
  submitted?: boolean;
  /** Runs after keyup (space activates buttons on release). */
  afterKeyup?: () => void;
}

function submitByEnter(form: HTMLFormElement): DefaultOutcome {
  const rule = implicitSubmitter(form);
  if (!rule.ok) return { note: ` Enter did not submit the form: ${rule.why}.`, submitted: false };
  let submitEvent: Event | undefined;
  const listen = (event: Event) => (submitEvent = event);
  form.addEventListener('submit', listen, { once: true });
  try {
    form.requestSubmit(rule.submitter ?? null);
  } finally {
    form.removeEventListener('submit', listen);
  }
  if (!submitEvent) {
    const invalid = invalidFields(form);
    const why = invalid.length ? `these fields are not accepted: ${summarizeInvalid(invalid)}` : 'the browser refused it';
    return { note: ` The form was not submitted: ${why}.`, submitted: false };
  }
  return {
    note: submitEvent.defaultPrevented ? ' The form was submitted and the page handled it.' : ' The form was submitted; the page is loading the result.',
    submitted: true,
  };
}

function closeTopmostLayer(): string {
  const dialog = [...document.querySelectorAll('dialog')].reverse().find((d) => d.matches(':modal'));
  if (dialog) {
    if (typeof dialog.requestClose === 'function') dialog.requestClose();
    else if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    return dialog.open ? ' The dialog stayed open.' : ' The dialog closed.';
  }
  const popover = [...document.querySelectorAll('[popover]:popover-open')].reverse().find((p) => p.getAttribute('popover') !== 'manual');
  if (popover) {
    (popover as HTMLElement).hidePopover();
    return ' The popup closed.';
  }
  return '';
}

/**
 * What the browser would do after an uncancelled keydown, which synthetic events do not do by
 * themselves. What that would set off (a submission, a link) was judged before the key was pressed.
 */
function defaultAction(el: Element, combo: KeyCombo): DefaultOutcome {
  const plain = combo.modifiers.every((m) => m === 'Shift');
  const command = combo.modifiers.includes('Control') || combo.modifiers.includes('Meta');
  const editable = isTextField(el) || (el as HTMLElement).isContentEditable;
  switch (combo.key) {
    case 'Enter':
      if (!plain) return { note: '' };
      {
        const form = implicitlySubmittedForm(el);
        if (form) return submitByEnter(form);
      }
      if (el.localName === 'textarea' || (el as HTMLElement).isContentEditable) {
        editText(el, { insert: '\n' });
        return { note: ' A new line was started.' };
      }
      if (el.matches(ENTER_ACTIVATES)) {
        (el as HTMLElement).click();
        return { note: ` ${describeElement(el)} was activated.` };
      }
      return { note: '' };
    case ' ':
      if (editable && plain) {
        editText(el, { insert: ' ' });
        return { note: '' };
      }
      if (plain && el.matches(SPACE_ACTIVATES)) {
        return { note: ` ${describeElement(el)} was activated.`, afterKeyup: () => (el as HTMLElement).click() };
      }
      return { note: '' };
    case 'Tab': {
      if (command || combo.modifiers.includes('Alt')) return { note: '' };
      const next = moveFocus(el, combo.modifiers.includes('Shift'));
      return { note: next ? ` Focus moved to ${describeElement(next)}.` : '' };
    }
    case 'Escape':
      return { note: closeTopmostLayer() };
    case 'Backspace':
    case 'Delete':
      if (editable && plain) editText(el, { remove: combo.key === 'Backspace' ? 'backward' : 'forward' });
      return { note: '' };
    default:
      if (command && combo.key.toLowerCase() === 'a' && !combo.modifiers.includes('Alt')) {
        if (isTextField(el)) (el as HTMLInputElement).select();
        else if ((el as HTMLElement).isContentEditable) el.ownerDocument.getSelection()?.selectAllChildren(el);
        return { note: ' Its content is selected.' };
      }
      if (combo.printable && plain && editable) {
        const typed = editText(el, { insert: combo.key });
        return { note: typed ? '' : ` ${describeElement(el)} did not accept the character.` };
      }
      return { note: '' };
  }
}

export const pressKey = defineAction<KeyPressData>({
  name: 'press_key',
  description:
    'Press a key or a combo on the focused element (or on target): "Enter" (submits a form from one of its fields), "Escape", "Tab", "ArrowDown", "a", "Control+A", "Shift+Tab"…',
  parameters: schema.object(
    {
      key: schema.string('The key or combo, with modifiers joined by "+" (Control, Shift, Alt, Meta).'),
      target: schema.target('Optional element id to focus first. Default: the element that has focus.'),
    },
    ['key'],
  ),
  async run(args, ctx): Promise<ActionResult<KeyPressData>> {
    const combo = readCombo(args);
    if (isFailure(combo)) return combo;
    const el = keyTarget(args, ctx);
    if (isFailure(el)) return el;
    const from = location.href;
    const held = pressModifiers(el, combo.modifiers);
    let outcome: DefaultOutcome = { note: '' };
    const keydownAllowed = fireKey(el, 'keydown', combo, held);
    // Characters (and Enter) also send the legacy keypress, unless a command modifier is held.
    const sendsKeypress = (combo.printable || combo.key === 'Enter') && !held.some((m) => m !== 'Shift');
    const keypressAllowed = keydownAllowed && sendsKeypress ? fireKey(el, 'keypress', combo, held) : keydownAllowed;
    try {
      if (keydownAllowed && keypressAllowed) outcome = defaultAction(el, combo);
    } finally {
      fireKey(el.isConnected ? el : keyboardFocus(), 'keyup', combo, held);
      releaseModifiers(el.isConnected ? el : keyboardFocus(), held);
    }
    outcome.afterKeyup?.();
    const navigation = await urlChangeSince(from);
    const data: KeyPressData = { key: String(args.key), prevented: !(keydownAllowed && keypressAllowed) };
    if (outcome.submitted !== undefined) data.submitted = outcome.submitted;
    const handled = data.prevented ? ' The page handled the key itself.' : '';
    return succeed(`Pressed ${String(args.key)} on ${describeElement(el)}.${handled}${outcome.note}`, data, navigation);
  },
});

export const holdKey = defineAction<{ key: string; heldMs: number }>({
  name: 'hold_key',
  description: 'Hold a key (or combo) down for a while, then release it: for hold-to-act controls or holding a modifier.',
  parameters: schema.object(
    {
      key: schema.string('The key or combo to hold, e.g. "Shift" or "Space".'),
      durationMs: schema.number('How long to hold, in milliseconds.', 50, 10_000),
      target: schema.target('Optional element id to focus first. Default: the element that has focus.'),
    },
    ['key', 'durationMs'],
  ),
  async run(args, ctx) {
    const combo = readCombo(args);
    if (isFailure(combo)) return combo;
    const duration = optionalNumber(args, 'durationMs', 50, 10_000);
    if (isFailure(duration)) return duration;
    if (duration === undefined) return fail('invalid_arguments', '"durationMs" is required: how long to hold the key, 50–10000 ms.');
    const el = keyTarget(args, ctx);
    if (isFailure(el)) return el;
    const held = pressModifiers(el, combo.modifiers);
    // A held modifier reports itself as held in its own keydown, as browsers do.
    const itself = MODIFIERS.filter((m) => m === combo.key);
    fireKey(el, 'keydown', combo, [...held, ...itself]);
    const full = await sleep(duration, ctx.signal);
    // Always release, so the page is not left with a stuck key.
    fireKey(el.isConnected ? el : keyboardFocus(), 'keyup', combo, held);
    releaseModifiers(el.isConnected ? el : keyboardFocus(), held);
    if (!full) return cancelled('Holding the key');
    return succeed(`Held ${String(args.key)} for ${duration} ms on ${describeElement(el)}.`, { key: String(args.key), heldMs: duration });
  },
});
