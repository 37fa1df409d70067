/**
 * The guard around an action while it runs: whatever the page does in answer to the agent's events
 * (a handler that submits a form, opens a window, follows a link elsewhere, starts a download, opens
 * a file chooser) is held before it happens unless it was agreed to or is allowed. A held effect can
 * be released once the visitor agrees. The visitor's own input disarms the guard at once: it never
 * stands between the visitor and their page.
 */
import type { Effect } from '../../effects/effect.types.js';
import { destinationOf, opensNewWindow } from './destinations.js';
import { linkEffects, submissionEffects } from './element-effects.js';
import { effectKey } from './effect-keys.js';
import { subjectOf, wordsOf } from './element-words.js';
import { guardPageApis } from './guarded-apis.js';
import { createGuardScope, type EffectGuardOptions, type GuardedWindow, type GuardScope, type HeldEffect } from './guard-scope.js';

/** Elements whose activation behaviour a click runs; the first of them on the event path is the one. */
const ACTIVATABLE = new Set(['a', 'area', 'button', 'input', 'select', 'textarea', 'summary', 'label']);

/** Arms the guard on `win` and its same-origin frames; returns the function that disarms it. */
export function armEffectGuard(win: Window, options: EffectGuardOptions): () => void {
  const disarms: Array<() => void> = [];
  let armed = true;
  const disarm = () => {
    if (!armed) return;
    armed = false;
    for (const undo of disarms.splice(0)) undo();
  };
  for (const target of reachableWindows(win)) disarms.push(guardWindow(target, options, disarm));
  return disarm;
}

function reachableWindows(win: Window): GuardedWindow[] {
  const found: GuardedWindow[] = [];
  const visit = (candidate: Window) => {
    try {
      // Reading the document throws for a cross-origin frame, which the agent cannot act in anyway.
      if (!candidate.document) return;
    } catch {
      return;
    }
    found.push(candidate as GuardedWindow);
    for (let i = 0; i < candidate.frames.length; i++) visit(candidate.frames[i]!);
  };
  visit(win);
  return found;
}

/** The guard on one window: its events listened to, its functions wrapped; returns what undoes both. */
function guardWindow(win: GuardedWindow, options: EffectGuardOptions, disarmAll: () => void): () => void {
  const scope = createGuardScope(win, options);
  /**
   * Links let through at the click: the navigation that follows is the same effect seen again, not
   * a second one. Form submissions are judged at their submit event (or `form.submit()`), so the
   * navigation they cause is not judged again either.
   */
  const followed = new Set<string>();
  // The visitor's own hand on the page ends the guard: from here on it is their doing.
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    scope.listen(win, type, (event) => {
      if (event.isTrusted) disarmAll();
    });
  }
  scope.listen(win, 'click', (event) => guardClick(scope, event, followed));
  scope.listen(win, 'submit', (event) => guardSubmit(scope, event as SubmitEvent));
  const navigation = (win as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) scope.listen(navigation, 'navigate', (event) => guardNavigation(scope, event as NavigateLike, followed));
  guardPageApis(scope);
  return () => scope.disarm();
}

/** A script's click on a file input or a link: the chooser it opens, or where the link leads. */
function guardClick(scope: GuardScope, event: Event, followed: Set<string>): void {
  if (event.isTrusted) return;
  const { win, doc } = scope;
  const activated = event.composedPath().find((node): node is Element => node instanceof win.Element && ACTIVATABLE.has(node.localName));
  if (!activated) return;
  if (activated.localName === 'input' && (activated as HTMLInputElement).type === 'file') {
    const effects: Effect[] = [{ kind: 'choose-file', subject: subjectOf(activated), key: effectKey('choose-file', activated) }];
    if (scope.permitted(effects)) return;
    event.preventDefault();
    scope.hold({ effects });
    return;
  }
  if ((activated.localName !== 'a' && activated.localName !== 'area') || !activated.hasAttribute('href')) return;
  const link = activated as HTMLAnchorElement;
  const effects = linkEffects(link, subjectOf(link), wordsOf(link), scope.patterns, undefined);
  const destination = destinationOf(link.getAttribute('href') ?? '', doc);
  if (effects.length === 0 || scope.permitted(effects)) {
    followed.add(destination.url);
    return;
  }
  event.preventDefault();
  const held: HeldEffect = { effects };
  if (destination.kind === 'same-origin' || destination.kind === 'other-origin') {
    held.release = () => followLink(scope, link, destination.url, effects);
  }
  scope.hold(held);
}

function guardSubmit(scope: GuardScope, event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  const submitter = (event.submitter ?? null) as HTMLButtonElement | HTMLInputElement | null;
  const effects = submissionEffects(form, submitter, submitter ? subjectOf(submitter) : undefined, submitter ? wordsOf(submitter) : [], scope.patterns);
  if (effects.length === 0 || scope.permitted(effects)) return;
  // Neither the browser nor the page's own handlers see a submission the visitor has not agreed to.
  event.preventDefault();
  event.stopImmediatePropagation();
  scope.hold({
    effects,
    release: () => {
      scope.grant(effects);
      form.requestSubmit(submitter && submitter.form === form ? submitter : null);
    },
  });
}

/** The Navigation API's `navigate` event, as far as the guard reads it. */
type NavigateLike = Event & { cancelable: boolean; userInitiated?: boolean; destination: { url: string }; downloadRequest: string | null; formData: FormData | null };

/** A navigation a script starts: a download, or leaving the site. */
function guardNavigation(scope: GuardScope, navigate: NavigateLike, followed: Set<string>): void {
  if (!navigate.cancelable || navigate.userInitiated || navigate.formData !== null) return;
  const destination = destinationOf(navigate.destination.url, scope.doc);
  if (followed.delete(destination.url)) return;
  const place = { destination: destination.url, sameOrigin: destination.kind === 'same-origin' };
  const effects: Effect[] = [];
  if (navigate.downloadRequest !== null) effects.push({ kind: 'download', ...place, ...(navigate.downloadRequest ? { fileName: navigate.downloadRequest } : {}), key: effectKey('download', undefined, destination.url) });
  else if (destination.kind === 'other-origin') effects.push({ kind: 'leave-origin', ...place, key: effectKey('leave-origin', undefined, destination.url) });
  if (effects.length === 0 || scope.permitted(effects)) return;
  navigate.preventDefault();
  const held: HeldEffect = { effects };
  // A script's plain navigation can be made again; a download it started is the visitor's to repeat.
  if (navigate.downloadRequest === null) {
    held.release = () => {
      scope.grant(effects);
      scope.win.location.assign(destination.url);
    };
  }
  scope.hold(held);
}

/** Follows a held link the way its click would have: in a new window when it targets one. */
function followLink(scope: GuardScope, link: HTMLAnchorElement, url: string, effects: readonly Effect[]): void {
  const { win } = scope;
  scope.grant(effects);
  if (link.hasAttribute('download')) {
    const copy = win.document.createElement('a');
    copy.href = url;
    copy.download = link.getAttribute('download') ?? '';
    copy.click();
    return;
  }
  if (opensNewWindow(link.getAttribute('target'), win.document)) win.open(url, link.getAttribute('target') ?? '_blank', 'noopener');
  else win.location.assign(url);
}
