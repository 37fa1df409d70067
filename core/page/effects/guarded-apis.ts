/**
 * The page's own functions the effect guard wraps while an action runs: `window.open`,
 * `HTMLFormElement.prototype.submit`, `showPicker` on a file input, and the requests its script
 * sends (`fetch`, `XMLHttpRequest`, `sendBeacon`). Each judges what the call would do and holds it
 * unless it is permitted.
 */
import type { Effect } from '../../effects/effect.types.js';
import { destinationOf, opensNewWindow } from './destinations.js';
import { submissionEffects } from './element-effects.js';
import { effectKey } from './effect-keys.js';
import { subjectOf } from './element-words.js';
import type { GuardScope } from './guard-scope.js';
import { requestEffects } from './request-effects.js';

export function guardPageApis(scope: GuardScope): void {
  guardWindowOpen(scope);
  guardFormSubmit(scope);
  guardFilePicker(scope);
  guardFetch(scope);
  guardXhr(scope);
  guardBeacon(scope);
}

function guardWindowOpen(scope: GuardScope): void {
  const { win, doc } = scope;
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
    if (effects.length === 0 || scope.permitted(effects)) return originalOpen.call(win, url, target, features);
    scope.hold({ effects, ...(destination.kind === 'javascript' ? {} : { release: () => void originalOpen.call(win, url, target, features) }) });
    return null;
  };
  scope.replace(win, 'open', guardedOpen as typeof win.open);
}

function guardFormSubmit(scope: GuardScope): void {
  const formPrototype = scope.win.HTMLFormElement.prototype;
  const originalSubmit = formPrototype.submit;
  scope.replace(formPrototype, 'submit', function (this: HTMLFormElement): void {
    const effects = submissionEffects(this, null, undefined, [], scope.patterns);
    if (effects.length === 0 || scope.permitted(effects)) return originalSubmit.call(this);
    const form = this;
    scope.hold({ effects, release: () => originalSubmit.call(form) });
  });
}

function guardFilePicker(scope: GuardScope): void {
  const inputPrototype = scope.win.HTMLInputElement.prototype;
  const originalPicker = inputPrototype.showPicker;
  if (typeof originalPicker !== 'function') return;
  scope.replace(inputPrototype, 'showPicker', function (this: HTMLInputElement): void {
    if (this.type !== 'file') return originalPicker.call(this);
    scope.hold({ effects: [{ kind: 'choose-file', subject: subjectOf(this), key: effectKey('choose-file', this) }] });
  });
}

/**
 * A request a handler sends that may change data is judged by its method, path and body. A held
 * `fetch` stays pending until the visitor answers, and fails with an `AbortError` when they say no,
 * as a cancelled request would.
 */
function guardFetch(scope: GuardScope): void {
  const { win, doc } = scope;
  const originalFetch = win.fetch;
  if (typeof originalFetch !== 'function') return;
  const guardedFetch = function (input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = input instanceof win.Request ? input : undefined;
    const method = init?.method ?? request?.method ?? 'GET';
    const url = request ? request.url : String(input);
    const effects = requestEffects(method, url, init?.body, doc, scope.patterns);
    if (effects.length === 0 || scope.permitted(effects)) return originalFetch.call(win, input, init);
    return new Promise<Response>((resolve, reject) => {
      scope.hold({
        effects,
        release: () => resolve(originalFetch.call(win, input, init)),
        drop: () => reject(new DOMException('The request was held by the assistant and the user did not agree to it.', 'AbortError')),
      });
    });
  };
  scope.replace(win, 'fetch', guardedFetch as typeof win.fetch);
}

function guardXhr(scope: GuardScope): void {
  const xhrPrototype = scope.win.XMLHttpRequest?.prototype;
  if (!xhrPrototype) return;
  const originalOpen = xhrPrototype.open;
  const originalSend = xhrPrototype.send;
  const targets = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  const guardedOpen = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]): void {
    targets.set(this, { method, url: String(url) });
    return (originalOpen as (...args: unknown[]) => void).call(this, method, url, ...rest);
  };
  const guardedSend = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null): void {
    const target = targets.get(this);
    const effects = target ? requestEffects(target.method, target.url, body, scope.doc, scope.patterns) : [];
    if (effects.length === 0 || scope.permitted(effects)) return originalSend.call(this, body);
    const xhr = this;
    scope.hold({ effects, release: () => originalSend.call(xhr, body), drop: () => xhr.abort() });
  };
  scope.replace(xhrPrototype, 'open', guardedOpen as typeof xhrPrototype.open);
  scope.replace(xhrPrototype, 'send', guardedSend);
}

function guardBeacon(scope: GuardScope): void {
  const navigatorObject = scope.win.navigator as Navigator | undefined;
  const originalBeacon = navigatorObject?.sendBeacon;
  if (!navigatorObject || typeof originalBeacon !== 'function') return;
  scope.replace(navigatorObject, 'sendBeacon', function (url: string | URL, data?: BodyInit | null): boolean {
    const effects = requestEffects('POST', String(url), data, scope.doc, scope.patterns);
    if (effects.length === 0 || scope.permitted(effects)) return originalBeacon.call(navigatorObject, url, data);
    // A beacon cannot wait for an answer; it is queued, and sent only if the visitor agrees.
    scope.hold({ effects, release: () => void originalBeacon.call(navigatorObject, url, data) });
    return true;
  });
}
