/**
 * What one call of a built-in page action would do, judged before it runs from the action and the
 * element it names: the same element whichever action reaches it (a click, Enter, Space, a fill
 * that ticks a checkbox), so no action is a way around another's gate.
 */
import type { Effect } from '../../effects/effect.types.js';
import { destructiveWording } from '../../effects/wording.js';
import { builtinActionNames } from '../actions/registry.js';
import { parseKeyCombo, type KeyCombo } from '../actions/key-combo.js';
import { disabledReason } from '../actions/element-state.js';
import { ENTER_ACTIVATES, implicitlySubmittedForm, implicitSubmitter, isTextField, keyboardFocus, SPACE_ACTIVATES } from '../actions/keyboard.js';
import { controlFor } from '../forms/fill-control.js';
import { secretKindOf } from '../forms/secret-fields.js';
import { destinationOf } from './destinations.js';
import { activationEffects, markerOf, submissionEffects } from './element-effects.js';
import { effectKey } from './effect-keys.js';
import { subjectOf, wordsOf } from './element-words.js';

export type ElementLookup = (target: string) => Element | undefined;

const BUILT_IN: ReadonlySet<string> = new Set(builtinActionNames());

/**
 * The effects of a call. A built-in action's are judged from what it does to the element it names;
 * an element that cannot be found, or is disabled, has no effect here (the action fails on it by
 * itself). A host's own tool does what only the host knows: its name, and the words and marks of
 * the element it is given, are the signals.
 */
export function assessPageAction(tool: string, args: Record<string, unknown>, lookUp: ElementLookup, patterns: readonly RegExp[] = []): Effect[] {
  const target = typeof args.target === 'string' ? lookUp(args.target) : undefined;
  if (!BUILT_IN.has(tool)) return [hostToolEffect(tool, target, patterns)];
  switch (tool) {
    case 'click':
    case 'double_click':
      return target && usable(target) ? activationEffects(target, 'click', patterns) : [];
    case 'long_press':
      // Pressing and holding fires no click, so nothing is followed or submitted; the press itself counts.
      return target && usable(target) ? activationEffects(target, 'click', patterns).filter((effect) => effect.kind === 'activate') : [];
    case 'press_key':
      return keyEffects(args, target, patterns);
    case 'fill_input':
      return target ? fillEffects(target, args.value, patterns) : [];
    case 'clear_input':
      return target ? clearEffects(target, patterns) : [];
    case 'select_option':
      return target ? selectEffects(target, args.option, patterns) : [];
    case 'navigate':
      return typeof args.path === 'string' && destinationOf(args.path, document).kind === 'javascript' ? [{ kind: 'javascript-url', key: effectKey('javascript-url') }] : [];
    default:
      return [];
  }
}

function hostToolEffect(tool: string, target: Element | undefined, patterns: readonly RegExp[]): Effect {
  const effect: Effect = { kind: 'host-action', tool };
  const wording = destructiveWording([tool, ...(target ? wordsOf(target) : [])], patterns);
  if (wording !== undefined) effect.destructive = wording;
  if (target) {
    effect.subject = subjectOf(target);
    const marker = markerOf(target);
    if (marker) effect.marker = marker;
  }
  return effect;
}

/**
 * The arguments of a call that hold a secret: the value for a password, one-time-code or payment
 * field, or a key typed into one.
 */
export function secretArguments(tool: string, args: Record<string, unknown>, lookUp: ElementLookup): string[] {
  if (tool === 'fill_input' && typeof args.target === 'string') {
    const target = lookUp(args.target);
    return target && secretKindOf(controlFor(target)) ? ['value'] : [];
  }
  if (tool === 'press_key' && typeof args.key === 'string') {
    const combo = parseKeyCombo(args.key);
    const element = typeof args.target === 'string' ? lookUp(args.target) : keyboardFocus();
    return typeof combo !== 'string' && editsText(combo) && element && secretKindOf(element) ? ['key'] : [];
  }
  return [];
}

/** A key that writes into a text field: a character (Space included), or one that deletes. */
function editsText(combo: KeyCombo): boolean {
  if (combo.modifiers.some((modifier) => modifier !== 'Shift')) return false;
  return combo.printable || combo.key === 'Backspace' || combo.key === 'Delete';
}

function usable(element: Element): boolean {
  return disabledReason(element) === undefined;
}

/** Enter and Space do what the page action makes them do (see keys.ts), on the element that gets them. */
function keyEffects(args: Record<string, unknown>, target: Element | undefined, patterns: readonly RegExp[]): Effect[] {
  if (typeof args.key !== 'string') return [];
  const combo = parseKeyCombo(args.key);
  if (typeof combo === 'string' || combo.modifiers.some((modifier) => modifier !== 'Shift')) return [];
  const element = typeof args.target === 'string' ? target : keyboardFocus();
  if (!element || !usable(element)) return [];
  // Typing into a secret field fills it, one key at a time.
  const secret = secretKindOf(element);
  if (secret && editsText(combo)) return [{ kind: 'secret-fill', subject: subjectOf(element), secret, key: effectKey('secret-fill', element) }];
  if (combo.key === 'Enter') {
    const form = implicitlySubmittedForm(element);
    if (form) {
      const rule = implicitSubmitter(form);
      if (!rule.ok) return [];
      const submitter = (rule.submitter ?? null) as HTMLButtonElement | HTMLInputElement | null;
      return submissionEffects(form, submitter, submitter ? subjectOf(submitter) : undefined, [...wordsOf(element), ...(submitter ? wordsOf(submitter) : [])], patterns);
    }
    return element.matches(ENTER_ACTIVATES) ? activationEffects(element, 'enter', patterns) : [];
  }
  if (combo.key === ' ') {
    if (isTextField(element) || (element as HTMLElement).isContentEditable) return [];
    if (element.localName === 'input' && (element as HTMLInputElement).type === 'file') return [{ kind: 'choose-file', subject: subjectOf(element), key: effectKey('choose-file', element) }];
    return element.matches(SPACE_ACTIVATES) ? activationEffects(element, 'space', patterns) : [];
  }
  return [];
}

function fillEffects(target: Element, value: unknown, patterns: readonly RegExp[]): Effect[] {
  const control = controlFor(target);
  if (control.localName === 'input') {
    const type = (control as HTMLInputElement).type;
    if (type === 'file') return [{ kind: 'choose-file', subject: subjectOf(control), key: effectKey('choose-file', control) }];
    // A checkbox or radio is filled by clicking it, which is an activation like any other.
    if (type === 'checkbox' || type === 'radio') return usable(control) ? activationEffects(control, 'click', patterns) : [];
  }
  if (control.localName === 'select') return selectEffects(control, value, patterns);
  const secret = secretKindOf(control);
  if (!secret) return [];
  const marker = markerOf(target, control);
  return [{ kind: 'secret-fill', subject: subjectOf(control), secret, key: effectKey('secret-fill', control), ...(marker ? { marker } : {}) }];
}

function clearEffects(target: Element, patterns: readonly RegExp[]): Effect[] {
  const control = controlFor(target);
  const checkbox = control.localName === 'input' && (control as HTMLInputElement).type === 'checkbox';
  return checkbox && (control as HTMLInputElement).checked && usable(control) ? activationEffects(control, 'click', patterns) : [];
}

/** Choosing an option changes the control; the wording of the options chosen counts ("Delete my account"). */
function selectEffects(target: Element, option: unknown, patterns: readonly RegExp[]): Effect[] {
  const control = controlFor(target);
  if (!usable(control)) return [];
  const chosen = (Array.isArray(option) ? option : [option]).filter((item): item is string => typeof item === 'string');
  const labels = control.localName === 'select' ? optionLabels(control as HTMLSelectElement, chosen) : chosen;
  const effect: Effect = { kind: 'activate', subject: subjectOf(control), key: effectKey('activate', control) };
  const wording = destructiveWording([...labels, ...wordsOf(control)], patterns);
  if (wording !== undefined) effect.destructive = wording;
  const marker = markerOf(target, control);
  if (marker) effect.marker = marker;
  return [effect];
}

/** The labels of the options a choice names, by value or by label; what the model wrote when nothing matches. */
function optionLabels(select: HTMLSelectElement, chosen: readonly string[]): string[] {
  return chosen.map((wanted) => {
    const needle = wanted.trim().toLowerCase();
    const option = [...select.options].find((candidate) => candidate.value === wanted || candidate.text.trim().toLowerCase() === needle);
    return option ? option.text : wanted;
  });
}
