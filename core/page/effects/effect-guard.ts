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
import { requestEffects } from './request-effects.js';

export interface HeldEffect {
  /** Everything the held event would have done (a submission and where it goes, say). */
  effects: Effect[];
  /** Lets it happen after all. Undefined when it cannot be replayed (the visitor must do it themselves). */
  release?: () => void;
  /** It will not happen: whoever waits for it (a page's `fetch()`) hears so. */
  drop?: () => void;
}

export interface EffectGuardOptions {
  /** Whether an effect may happen now without asking. */
  permits(effect: Effect): boolean;
  /** An effect the guard held: it did not happen. */
  onHeld(held: HeldEffect): void;
  /** Destructive wording of the host's, for the effects the guard describes. */
  patterns?: readonly RegExp[];
}

type GuardedWindow = Window & typeof globalThis;

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

function guardWindow(win: GuardedWindow, options: EffectGuardOptions, disarmAll: () => void): () => void {
  const doc = win.document;
  const patterns = options.patterns ?? [];
  const undo: Array<() => void> = [];
  const listen = (target: EventTarget, type: string, listener: (event: Event) => void) => {
    target.addEventListener(type, listener, true);
    undo.push(() => target.removeEventListener(type, listener, true));
  };
  /** Effects released after consent pass the guard once, each by its key. */
  const passes = new Set<string>();
  const permitted = (effects: readonly Effect[]) =>
    effects.every((effect) => {
      if (effect.key !== undefined && passes.delete(effect.key)) return true;
      return options.permits(effect);
    });
  const grant = (effects: readonly Effect[]) => {
    for (const effect of effects) if (effect.key !== undefined) passes.add(effect.key);
  };
  /**
   * Links let through at the click: the navigation that follows is the same effect seen again, not
   * a second one. Form submissions are judged at their submit event (or `form.submit()`), so the
   * navigation they cause is not judged again either.
   */
  const followed = new Set<string>();

  // The visitor's own hand on the page ends the guard: from here on it is their doing.
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    listen(win, type, (event) => {
      if (event.isTrusted) disarmAll();
    });
  }

  listen(win, 'click', (event) => {
    if (event.isTrusted) return;
    const activated = event.composedPath().find((node): node is Element => node instanceof win.Element && ACTIVATABLE.has(node.localName));
    if (!activated) return;
    if (activated.localName === 'input' && (activated as HTMLInputElement).type === 'file') {
      const effects: Effect[] = [{ kind: 'choose-file', subject: subjectOf(activated), key: effectKey('choose-file', activated) }];
      if (permitted(effects)) return;
      event.preventDefault();
      options.onHeld({ effects });
      return;
    }
    if ((activated.localName !== 'a' && activated.localName !== 'area') || !activated.hasAttribute('href')) return;
    const link = activated as HTMLAnchorElement;
    const effects = linkEffects(link, subjectOf(link), wordsOf(link), patterns, undefined);
    const destination = destinationOf(link.getAttribute('href') ?? '', doc);
    if (effects.length === 0 || permitted(effects)) {
      followed.add(destination.url);
      return;
    }
    event.preventDefault();
    const held: HeldEffect = { effects };
    if (destination.kind === 'same-origin' || destination.kind === 'other-origin') {
      held.release = () => followLink(win, link, destination.url, effects, grant);
    }
    options.onHeld(held);
  });

  listen(win, 'submit', (event) => {
    const form = event.target as HTMLFormElement;
    const submitter = ((event as SubmitEvent).submitter ?? null) as HTMLButtonElement | HTMLInputElement | null;
    const effects = submissionEffects(form, submitter, submitter ? subjectOf(submitter) : undefined, submitter ? wordsOf(submitter) : [], patterns);
    if (effects.length === 0 || permitted(effects)) return;
    // Neither the browser nor the page's own handlers see a submission the visitor has not agreed to.
    event.preventDefault();
    event.stopImmediatePropagation();
    options.onHeld({
      effects,
      release: () => {
        grant(effects);
        form.requestSubmit(submitter && submitter.form === form ? submitter : null);
      },
    });
  });

  const navigation = (win as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    listen(navigation, 'navigate', (event) => {
      const navigate = event as Event & { cancelable: boolean; userInitiated?: boolean; destination: { url: string }; downloadRequest: string | null; formData: FormData | null };
      if (!navigate.cancelable || navigate.userInitiated || navigate.formData !== null) return;
      const destination = destinationOf(navigate.destination.url, doc);
      if (followed.delete(destination.url)) return;
      const place = { destination: destination.url, sameOrigin: destination.kind === 'same-origin' };
      const effects: Effect[] = [];
      if (navigate.downloadRequest !== null) effects.push({ kind: 'download', ...place, ...(navigate.downloadRequest ? { fileName: navigate.downloadRequest } : {}), key: effectKey('download', undefined, destination.url) });
      else if (destination.kind === 'other-origin') effects.push({ kind: 'leave-origin', ...place, key: effectKey('leave-origin', undefined, destination.url) });
      if (effects.length === 0 || permitted(effects)) return;
      event.preventDefault();
      const held: HeldEffect = { effects };
      // A script's plain navigation can be made again; a download it started is the visitor's to repeat.
      if (navigate.downloadRequest === null) {
        held.release = () => {
          grant(effects);
          win.location.assign(destination.url);
        };
      }
      options.onHeld(held);
    });
  }

  const originalOpen = win.open;
  const guardedOpen = function (this: Window, url?: string | URL, target?: string, features?: string): Window | null {
    const destination = destinationOf(url === undefined ? 'about:blank' : String(url), doc);
    const place = { destination: destination.url, sameOrigin: destination.kind === 'same-origin' };
    const effects: Effect[] =
      destination.kind === 'javascript'
        ? [{ kind: 'javascript-url', key: effectKey('javascript-url') }]
        : opensNewWindow(target ?? '_blank', doc)
          ? [{ kind: 'new-window', ...place, key: effectKey('new-window', undefined, destination.url) }]
          : destination.kind === 'other-origin'
            ? [{ kind: 'leave-origin', ...place, key: effectKey('leave-origin', undefined, destination.url) }]
            : [];
    if (effects.length === 0 || permitted(effects)) return originalOpen.call(win, url, target, features);
    options.onHeld({ effects, ...(destination.kind === 'javascript' ? {} : { release: () => void originalOpen.call(win, url, target, features) }) });
    return null;
  };
  win.open = guardedOpen as typeof win.open;
  undo.push(() => {
    if (win.open === guardedOpen) win.open = originalOpen;
  });

  const formPrototype = win.HTMLFormElement.prototype;
  const originalSubmit = formPrototype.submit;
  const guardedSubmit = function (this: HTMLFormElement): void {
    const effects = submissionEffects(this, null, undefined, [], patterns);
    if (effects.length === 0 || permitted(effects)) return originalSubmit.call(this);
    const form = this;
    options.onHeld({ effects, release: () => originalSubmit.call(form) });
  };
  formPrototype.submit = guardedSubmit;
  undo.push(() => {
    if (formPrototype.submit === guardedSubmit) formPrototype.submit = originalSubmit;
  });

  const inputPrototype = win.HTMLInputElement.prototype;
  const originalPicker = inputPrototype.showPicker;
  if (typeof originalPicker === 'function') {
    const guardedPicker = function (this: HTMLInputElement): void {
      if (this.type !== 'file') return originalPicker.call(this);
      options.onHeld({ effects: [{ kind: 'choose-file', subject: subjectOf(this), key: effectKey('choose-file', this) }] });
    };
    inputPrototype.showPicker = guardedPicker;
    undo.push(() => {
      if (inputPrototype.showPicker === guardedPicker) inputPrototype.showPicker = originalPicker;
    });
  }

  undo.push(...guardRequests(win, patterns, permitted, options.onHeld));

  return () => {
    for (const step of undo.splice(0).reverse()) step();
  };
}

/**
 * Requests the page's script sends while the action runs: `fetch`, `XMLHttpRequest` and
 * `sendBeacon`. A held `fetch` stays pending until the visitor answers, and fails with an
 * `AbortError` when they say no, as a cancelled request would. Returns the undo steps.
 */
function guardRequests(
  win: GuardedWindow,
  patterns: readonly RegExp[],
  permitted: (effects: readonly Effect[]) => boolean,
  onHeld: (held: HeldEffect) => void,
): Array<() => void> {
  const undo: Array<() => void> = [];
  const doc = win.document;
  const originalFetch = win.fetch;
  if (typeof originalFetch === 'function') {
    const guardedFetch = function (input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = input instanceof win.Request ? input : undefined;
      const method = init?.method ?? request?.method ?? 'GET';
      const url = request ? request.url : String(input);
      const effects = requestEffects(method, url, init?.body, doc, patterns);
      if (effects.length === 0 || permitted(effects)) return originalFetch.call(win, input, init);
      return new Promise<Response>((resolve, reject) => {
        onHeld({
          effects,
          release: () => resolve(originalFetch.call(win, input, init)),
          drop: () => reject(new DOMException('The request was held by the assistant and the user did not agree to it.', 'AbortError')),
        });
      });
    };
    win.fetch = guardedFetch as typeof win.fetch;
    undo.push(() => {
      if (win.fetch === guardedFetch) win.fetch = originalFetch;
    });
  }

  const xhrPrototype = win.XMLHttpRequest?.prototype;
  if (xhrPrototype) {
    const originalOpen = xhrPrototype.open;
    const originalSend = xhrPrototype.send;
    const targets = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
    const guardedOpen = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]): void {
      targets.set(this, { method, url: String(url) });
      return (originalOpen as (...args: unknown[]) => void).call(this, method, url, ...rest);
    };
    const guardedSend = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null): void {
      const target = targets.get(this);
      const effects = target ? requestEffects(target.method, target.url, body, doc, patterns) : [];
      if (effects.length === 0 || permitted(effects)) return originalSend.call(this, body);
      const xhr = this;
      onHeld({ effects, release: () => originalSend.call(xhr, body), drop: () => xhr.abort() });
    };
    xhrPrototype.open = guardedOpen as typeof xhrPrototype.open;
    xhrPrototype.send = guardedSend;
    undo.push(() => {
      if (xhrPrototype.open === (guardedOpen as typeof xhrPrototype.open)) xhrPrototype.open = originalOpen;
      if (xhrPrototype.send === guardedSend) xhrPrototype.send = originalSend;
    });
  }

  const navigatorObject = win.navigator as Navigator | undefined;
  const originalBeacon = navigatorObject?.sendBeacon;
  if (navigatorObject && typeof originalBeacon === 'function') {
    const guardedBeacon = function (url: string | URL, data?: BodyInit | null): boolean {
      const effects = requestEffects('POST', String(url), data, doc, patterns);
      if (effects.length === 0 || permitted(effects)) return originalBeacon.call(navigatorObject, url, data);
      // A beacon cannot wait for an answer; it is queued, and sent only if the visitor agrees.
      onHeld({ effects, release: () => void originalBeacon.call(navigatorObject, url, data) });
      return true;
    };
    navigatorObject.sendBeacon = guardedBeacon;
    undo.push(() => {
      if (navigatorObject.sendBeacon === guardedBeacon) navigatorObject.sendBeacon = originalBeacon;
    });
  }
  return undo;
}

/** Follows a held link the way its click would have: in a new window when it targets one. */
function followLink(win: GuardedWindow, link: HTMLAnchorElement, url: string, effects: readonly Effect[], grant: (effects: readonly Effect[]) => void): void {
  grant(effects);
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
