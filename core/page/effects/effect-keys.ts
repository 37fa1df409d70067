/**
 * The identity of an effect, shared by the assessment before an action and the guard during it: an
 * effect the visitor agreed to is let through when it happens, and no other one is.
 */
import type { EffectKind } from '../../effects/effect.types.js';

const keys = new WeakMap<Element, number>();
let counter = 0;

/** A number for the element as long as it lives; never reused for another. */
export function elementKey(element: Element): number {
  let key = keys.get(element);
  if (key === undefined) {
    counter += 1;
    key = counter;
    keys.set(element, key);
  }
  return key;
}

/** `submit:12` for a form, `new-window:https://…` for a URL. */
export function effectKey(kind: EffectKind, element?: Element, url?: string): string {
  if (url !== undefined) return `${kind}:${url}`;
  return `${kind}:${element ? elementKey(element) : '-'}`;
}
