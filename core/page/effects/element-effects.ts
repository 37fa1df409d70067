/**
 * What activating an element would do, as the browser would do it: the element a click really
 * activates (a label's control, the nearest button or link around the target), the link it follows
 * and where, the form it submits and where to, the file chooser it opens. Wording and the host's
 * marks add their signal to each effect.
 */
import type { Effect, EffectSubject } from '../../effects/effect.types.js';
import { destructiveWording } from '../../effects/wording.js';
import { composedClosest, isRendered } from '../actions/element-state.js';
import { destinationOf, downloadName, opensNewWindow, type Destination } from './destinations.js';
import { formName, pathWords, subjectOf, visibleText, wordsOf } from './element-words.js';
import { effectKey } from './effect-keys.js';

/** How the element is activated: a pointer click, or Enter or Space on it. */
export type Activation = 'click' | 'enter' | 'space';

const ACTIVATABLE =
  'a[href], area[href], button, input, select, textarea, summary, label, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], [role="option"], [role="radio"]';

/** The element whose activation behaviour a click on `element` runs: the innermost activatable one around it, a label's control. */
export function activatedElement(element: Element): Element {
  const found = composedClosest(element, ACTIVATABLE) ?? element;
  if (found.localName === 'label') return (found as HTMLLabelElement).control ?? found;
  return found;
}

/** `data-dddk-never` anywhere around any of the elements refuses; `data-dddk-confirm` asks. */
export function markerOf(...elements: ReadonlyArray<Element | null | undefined>): Effect['marker'] {
  let marker: Effect['marker'];
  for (const element of elements) {
    if (!element) continue;
    if (composedClosest(element, '[data-dddk-never]')) return 'never';
    if (composedClosest(element, '[data-dddk-confirm]')) marker = 'confirm';
  }
  return marker;
}

function withSignals(effect: Effect, texts: readonly string[], patterns: readonly RegExp[], marker: Effect['marker']): Effect {
  const wording = destructiveWording(texts, patterns);
  if (wording !== undefined) effect.destructive = wording;
  if (marker) effect.marker = marker;
  return effect;
}

function isSubmitter(element: Element): element is HTMLButtonElement | HTMLInputElement {
  if (element.localName === 'button') return (element as HTMLButtonElement).type === 'submit';
  if (element.localName !== 'input') return false;
  const type = (element as HTMLInputElement).type;
  return type === 'submit' || type === 'image';
}

function isLink(element: Element): element is HTMLAnchorElement | HTMLAreaElement {
  return (element.localName === 'a' || element.localName === 'area') && element.hasAttribute('href');
}

/** The subject as the visitor sees it: the activated element's role, the text they read where they pointed. */
function seenSubject(activated: Element, pointed: Element): EffectSubject {
  const subject = subjectOf(activated);
  // A label for a hidden control, say: the visitor reads the label, not the control.
  if (activated !== pointed && (!visibleText(activated) || !isRendered(activated))) {
    const seen = visibleText(pointed);
    if (seen) return { role: subject.role, name: seen.length > 80 ? `${seen.slice(0, 79)}…` : seen };
  }
  return subject;
}

/** Following a link: a script URL, a download, a new window, or another site. */
export function linkEffects(link: HTMLAnchorElement | HTMLAreaElement, subject: EffectSubject, texts: readonly string[], patterns: readonly RegExp[], marker: Effect['marker']): Effect[] {
  const doc = link.ownerDocument;
  const destination = destinationOf(link.getAttribute('href') ?? '', doc);
  if (destination.kind === 'javascript') return [{ kind: 'javascript-url', subject, key: effectKey('javascript-url', link), ...(marker ? { marker } : {}) }];
  if (destination.kind === 'invalid') return [];
  const words = [...texts, pathWords(destination.url)];
  const place = { destination: destination.url, sameOrigin: destination.kind === 'same-origin' };
  if (link.hasAttribute('download')) {
    const fileName = downloadName(link, destination.url);
    return [withSignals({ kind: 'download', subject, ...place, ...(fileName ? { fileName } : {}), key: effectKey('download', undefined, destination.url) }, words, patterns, marker)];
  }
  if (opensNewWindow(link.getAttribute('target'), doc)) {
    return [withSignals({ kind: 'new-window', subject, ...place, key: effectKey('new-window', undefined, destination.url) }, words, patterns, marker)];
  }
  if (destination.kind === 'other-origin') {
    return [withSignals({ kind: 'leave-origin', subject, ...place, key: effectKey('leave-origin', undefined, destination.url) }, words, patterns, marker)];
  }
  return [];
}

/**
 * Submitting `form` (through `submitter` when one is given): the submission itself, where it goes
 * (a new window, another site, a script URL). A `dialog` form only closes its dialog.
 */
export function submissionEffects(
  form: HTMLFormElement,
  submitter: HTMLButtonElement | HTMLInputElement | null,
  subject: EffectSubject | undefined,
  texts: readonly string[],
  patterns: readonly RegExp[],
): Effect[] {
  const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').trim().toLowerCase();
  if (method === 'dialog') return [];
  const doc = form.ownerDocument;
  const rawAction = submitter?.getAttribute('formaction') ?? form.getAttribute('action') ?? '';
  const destination: Destination = rawAction.trim() === '' ? { url: doc.URL, kind: 'same-origin' } : destinationOf(rawAction, doc);
  const marker = markerOf(submitter, form);
  const name = formName(form);
  if (destination.kind === 'javascript') {
    return [{ kind: 'javascript-url', ...(subject ? { subject } : {}), key: effectKey('javascript-url', form), ...(marker ? { marker } : {}) }];
  }
  const words = [...texts, name, ...wordsOf(form), pathWords(destination.url)];
  const place = { destination: destination.url, sameOrigin: destination.kind === 'same-origin' };
  const submit: Effect = { kind: 'submit', ...(subject ? { subject } : {}), ...(name ? { form: name } : {}), ...place, key: effectKey('submit', form) };
  const effects = [withSignals(submit, words, patterns, marker)];
  const target = submitter?.getAttribute('formtarget') ?? form.getAttribute('target');
  if (opensNewWindow(target, doc)) {
    effects.push(withSignals({ kind: 'new-window', ...place, key: effectKey('new-window', undefined, destination.url) }, words, patterns, marker));
  } else if (destination.kind === 'other-origin') {
    effects.push(withSignals({ kind: 'leave-origin', ...place, key: effectKey('leave-origin', undefined, destination.url) }, words, patterns, marker));
  }
  return effects;
}

/** Everything activating `pointed` would do: pressing it, and what its activation behaviour sets off. */
export function activationEffects(pointed: Element, how: Activation, patterns: readonly RegExp[]): Effect[] {
  const activated = activatedElement(pointed);
  const subject = seenSubject(activated, pointed);
  const texts = [...wordsOf(activated), ...(activated === pointed ? [] : wordsOf(pointed))];
  const marker = markerOf(pointed, activated);
  const effects: Effect[] = [withSignals({ kind: 'activate', subject, key: effectKey('activate', activated) }, texts, patterns, marker)];
  if (activated.localName === 'input' && (activated as HTMLInputElement).type === 'file') {
    effects.push({ kind: 'choose-file', subject, key: effectKey('choose-file', activated) });
    return effects;
  }
  // Space scrolls past a link; only a click or Enter follows it.
  if (isLink(activated) && how !== 'space') effects.push(...linkEffects(activated, subject, texts, patterns, marker));
  if (isSubmitter(activated) && activated.form && !(activated as HTMLButtonElement).disabled) {
    effects.push(...submissionEffects(activated.form, activated, subject, texts, patterns));
  }
  return effects;
}
