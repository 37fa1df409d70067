import { describeElement, accessibleLabel } from '../actions/describe-element.js';
import { fail, succeed } from '../actions/results.js';
import { nextFrame } from '../actions/timing.js';
import type { ActionResult } from '../actions/types.js';
import { dispatchValueEvents, setNativeValue } from './native-value.js';
import { secretKindOf } from './secret-fields.js';
import { selectOptions } from './select-options.js';

/** Default fills for native controls and contenteditable regions, with the value checked first. */

export interface FilledValue {
  value: string;
}

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password']);
const FORMATTED_TYPES: Record<string, string> = {
  date: 'YYYY-MM-DD, e.g. 2025-03-31',
  time: 'HH:MM or HH:MM:SS in 24-hour time, e.g. 14:30',
  'datetime-local': 'YYYY-MM-DDTHH:MM, e.g. 2025-03-31T14:30',
  month: 'YYYY-MM, e.g. 2025-03',
  week: 'YYYY-Www, e.g. 2025-W14',
  color: '#rrggbb, e.g. #3366ff',
};
const BUTTON_TYPES = new Set(['submit', 'button', 'reset', 'image']);
const FILLABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]';

/**
 * The control behind what the model pointed at: a `<label>` stands for its control, and a wrapper
 * with exactly one fillable control inside stands for that control.
 */
export function controlFor(el: Element): Element {
  if (el.localName === 'label') return (el as HTMLLabelElement).control ?? el;
  if (el.matches(FILLABLE) || (el as HTMLElement).isContentEditable) return el;
  const inside = el.querySelectorAll(FILLABLE);
  return inside.length === 1 ? inside[0]! : el;
}

const TRUE_WORDS = new Set(['true', 'on', 'yes', 'checked', 'check', '1', 'x', 'selected']);
const FALSE_WORDS = new Set(['false', 'off', 'no', 'unchecked', 'uncheck', '0', '', 'unselected']);

function parseChecked(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

function refusal(el: Element): ActionResult<FilledValue> | undefined {
  const name = describeElement(el);
  if (el.matches(':disabled')) {
    return fail('not_interactive', `${name} is disabled, so it cannot be filled. Complete the fields that enable it first.`);
  }
  if ((el as HTMLInputElement).readOnly) {
    return fail('not_interactive', `${name} is read-only, so it cannot be filled. Its value is set by the page (maybe through a picker next to it).`);
  }
  return undefined;
}

/** Puts `value` into a native control or contenteditable region, or explains why it cannot. */
export async function fillControl(target: Element, value: string): Promise<ActionResult<FilledValue>> {
  const el = controlFor(target);
  const name = describeElement(el);
  if (el.localName === 'select') {
    const refused = refusal(el);
    if (refused) return refused;
    const result = selectOptions(el as HTMLSelectElement, [value], 'any');
    return result.ok ? succeed(result.message ?? `Selected "${value}" in ${name}.`, { value: (el as HTMLSelectElement).value }) : result;
  }
  if ((el as HTMLElement).isContentEditable && el.localName !== 'input' && el.localName !== 'textarea') {
    return fillEditable(el as HTMLElement, value);
  }
  if (el.localName === 'textarea') {
    const refused = refusal(el);
    return refused ?? writeValue(el as HTMLTextAreaElement, value);
  }
  if (el.localName !== 'input') {
    return fail(
      'not_interactive',
      `${name} is not a form field. Point at the input, textarea, select or editable region itself (or its label).`,
    );
  }
  const input = el as HTMLInputElement;
  const type = input.type;
  if (type === 'hidden') return fail('not_interactive', `${name} is a hidden field that only the page sets. Fill the visible field instead.`);
  if (type === 'file') {
    return fail('not_interactive', `${name} is a file picker; only the user can choose files. Ask the user to pick the file.`);
  }
  if (BUTTON_TYPES.has(type)) return fail('not_interactive', `${name} is a button, not a field. Use click on it instead.`);
  const refused = refusal(input);
  if (refused) return refused;
  if (type === 'checkbox' || type === 'radio') return setChecked(input, value);
  if (type === 'number' || type === 'range') {
    const problem = numberProblem(input, value);
    if (problem) return fail('invalid_arguments', problem);
    return writeValue(input, value.trim());
  }
  if (type in FORMATTED_TYPES) return writeFormatted(input, value.trim());
  if (!TEXT_TYPES.has(type)) return writeValue(input, value);
  const maxLength = input.maxLength;
  if (maxLength >= 0 && value.length > maxLength) {
    return fail('invalid_arguments', `${name} accepts at most ${maxLength} characters; the value has ${value.length}. Shorten it.`);
  }
  return writeValue(input, value);
}

function numberProblem(input: HTMLInputElement, raw: string): string | undefined {
  const name = describeElement(input);
  const text = raw.trim();
  if (text === '' && input.type === 'number') return undefined;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) {
    return `${name} takes a number (digits, optional "-" and "."); "${raw}" is not one.`;
  }
  const number = Number(text);
  const min = input.min !== '' ? Number(input.min) : input.type === 'range' ? 0 : undefined;
  const max = input.max !== '' ? Number(input.max) : input.type === 'range' ? 100 : undefined;
  if (min !== undefined && number < min) return `${name} accepts values from ${min}${max !== undefined ? ` to ${max}` : ''}; ${text} is too small.`;
  if (max !== undefined && number > max) return `${name} accepts values up to ${max}${min !== undefined ? ` (from ${min})` : ''}; ${text} is too large.`;
  const step = input.step === '' ? 1 : input.step === 'any' ? undefined : Number(input.step);
  if (step && step > 0) {
    const base = min ?? 0;
    const steps = (number - base) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-7) {
      const below = base + Math.floor(steps) * step;
      return `${name} moves in steps of ${step} from ${base}; ${text} is between steps. Use ${trim(below)} or ${trim(below + step)}.`;
    }
  }
  return undefined;
}

function trim(n: number): string {
  return String(Number(n.toFixed(10)));
}

async function writeFormatted(input: HTMLInputElement, value: string): Promise<ActionResult<FilledValue>> {
  const name = describeElement(input);
  const format = FORMATTED_TYPES[input.type]!;
  if (value === '' && input.type !== 'color') return writeValue(input, '');
  const previous = input.value;
  setNativeValue(input, value);
  // The browser drops a value that is not in the control's format, so a read-back tells.
  const accepted = input.value.toLowerCase() === value.toLowerCase();
  setNativeValue(input, previous);
  if (!accepted) return fail('invalid_arguments', `${name} needs a value in the form ${format}; "${value}" is not.`);
  if (input.min && value < input.min) return fail('invalid_arguments', `${name} accepts nothing earlier than ${input.min}; "${value}" is too early.`);
  if (input.max && value > input.max) return fail('invalid_arguments', `${name} accepts nothing later than ${input.max}; "${value}" is too late.`);
  return writeValue(input, value);
}

async function writeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<ActionResult<FilledValue>> {
  const previous = el.value;
  el.focus({ preventScroll: true });
  setNativeValue(el, value);
  dispatchValueEvents(el, value);
  // Frameworks re-render a controlled field synchronously or in a microtask; read back after both.
  await Promise.resolve();
  const now = el.value;
  const name = describeElement(el);
  if (secretKindOf(el)) return secretOutcome(name, value, previous, now);
  if (now === value || (el.localName === 'input' && now.toLowerCase() === value.toLowerCase())) {
    return succeed(value === '' ? `Cleared ${name}.` : `Filled ${name} with ${JSON.stringify(value)}.`, { value: now });
  }
  if (now === previous) {
    return fail(
      'not_interactive',
      `${name} did not take the value: the page kept ${JSON.stringify(previous)}. It may be a custom widget; click it and pick from its options instead.`,
    );
  }
  return succeed(`Filled ${name}; the page reformatted it to ${JSON.stringify(now)}.`, { value: now });
}

/** A secret field's outcome says whether it took the value, never what the value is. */
function secretOutcome(name: string, value: string, previous: string, now: string): ActionResult<FilledValue> {
  if (now === value) return value === '' ? succeed(`Cleared ${name}.`) : succeed(`Filled ${name}; its value is secret and is not shown.`);
  if (now === previous) return fail('not_interactive', `${name} did not take the value; it is a secret field, so neither value is shown. Ask the user to type it themselves.`);
  return succeed(`Filled ${name}; the page changed what was typed (its value is secret and is not shown).`);
}

async function setChecked(input: HTMLInputElement, raw: string): Promise<ActionResult<FilledValue>> {
  const name = describeElement(input);
  let want = parseChecked(raw);
  let target = input;
  if (input.type === 'radio' && want === undefined) {
    const match = radioInGroup(input, raw);
    if (!match) {
      return fail('invalid_arguments', `No option ${JSON.stringify(raw)} in the radio group of ${name}. Options: ${radioGroup(input).map(radioName).join(', ')}.`);
    }
    target = match;
    want = true;
  }
  if (want === undefined) {
    return fail('invalid_arguments', `${name} is a checkbox: use "true" to check it or "false" to uncheck it.`);
  }
  if (target.type === 'radio' && !want) {
    if (!target.checked) return succeed(`${name} was already not selected.`, { value: 'false' });
    return fail('invalid_arguments', `A selected radio button cannot be unselected on its own; select another option of the group instead.`);
  }
  if (target.checked !== want) {
    if (target.matches(':disabled')) return fail('not_interactive', `${describeElement(target)} is disabled.`);
    target.focus({ preventScroll: true });
    // A click runs the browser's own toggle and the input/change events that frameworks listen to.
    target.click();
    await Promise.resolve();
  }
  if (target.checked !== want) {
    return fail('not_interactive', `${describeElement(target)} did not change: the page prevented it. Look for a condition it states, or another control.`);
  }
  const state = target.type === 'radio' ? 'selected' : want ? 'checked' : 'unchecked';
  return succeed(`${describeElement(target)} is ${state}.`, { value: String(want) });
}

function radioGroup(input: HTMLInputElement): HTMLInputElement[] {
  if (!input.name) return [input];
  const scope: ParentNode = input.form ?? (input.getRootNode() as Document | ShadowRoot);
  return [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
    (radio) => radio.name === input.name && radio.form === input.form,
  );
}

function radioName(radio: HTMLInputElement): string {
  return JSON.stringify(accessibleLabel(radio) || radio.value);
}

function radioInGroup(input: HTMLInputElement, wanted: string): HTMLInputElement | undefined {
  const needle = wanted.trim().toLowerCase();
  const group = radioGroup(input);
  return (
    group.find((radio) => radio.value === wanted) ??
    group.find((radio) => accessibleLabel(radio).toLowerCase() === needle) ??
    group.find((radio) => radio.value.toLowerCase() === needle)
  );
}

function flatten(text: string | null): string {
  return (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
}

async function fillEditable(el: HTMLElement, value: string): Promise<ActionResult<FilledValue>> {
  const name = describeElement(el);
  const doc = el.ownerDocument;
  const view = doc.defaultView ?? window;
  el.focus({ preventScroll: true });
  const selection = doc.getSelection();
  const range = doc.createRange();
  range.selectNodeContents(el);
  selection?.removeAllRanges();
  selection?.addRange(range);
  const inputType = value === '' ? 'deleteContentBackward' : 'insertText';
  // Rich editors keep their own model: they take the edit from beforeinput, cancel it and render
  // it themselves. Only when nobody cancels does the browser's own editing run.
  const proceed = el.dispatchEvent(
    new view.InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType, data: value || null }),
  );
  if (proceed) {
    let done = false;
    try {
      done = value === '' ? doc.execCommand('delete') : doc.execCommand('insertText', false, value);
    } catch {
      done = false;
    }
    if (!done || flatten(el.textContent) !== flatten(value)) {
      el.textContent = value;
      el.dispatchEvent(new view.InputEvent('input', { bubbles: true, composed: true, inputType, data: value || null }));
    }
  } else {
    // Editors render in a microtask or on the next frame.
    await nextFrame();
  }
  if (flatten(el.textContent) !== flatten(value)) {
    return fail('not_interactive', `${name} did not take the text; its editor kept its own content. Click into it and type with press_key, or ask the user.`);
  }
  return succeed(value === '' ? `Cleared ${name}.` : `Typed ${JSON.stringify(value)} into ${name}.`, { value });
}
