/**
 * What every part of the effect guard on one window shares: the window, the host's wording, the
 * consent passes (an effect the visitor agreed to passes once, by its key), where held effects go,
 * and the steps that put the page back as it was when the guard is disarmed.
 */
import type { Effect } from '../../effects/effect.types.js';

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

export type GuardedWindow = Window & typeof globalThis;

export interface GuardScope {
  readonly win: GuardedWindow;
  readonly doc: Document;
  readonly patterns: readonly RegExp[];
  /** Whether all of these may happen now: each one released after consent passes once, the rest the policy decides. */
  permitted(effects: readonly Effect[]): boolean;
  /** Lets these effects pass once, when they are seen next. */
  grant(effects: readonly Effect[]): void;
  /** Tells the guard's owner an effect was held. */
  hold(held: HeldEffect): void;
  /** A capture-phase listener, removed on disarm. */
  listen(target: EventTarget, type: string, listener: (event: Event) => void): void;
  /** Puts `guarded` in place of `owner[key]`, and the original back on disarm unless the page replaced it since. */
  replace<T extends object, K extends keyof T>(owner: T, key: K, guarded: T[K]): void;
  /** Undoes everything above, last first. */
  disarm(): void;
}

export function createGuardScope(win: GuardedWindow, options: EffectGuardOptions): GuardScope {
  const undo: Array<() => void> = [];
  const passes = new Set<string>();
  return {
    win,
    doc: win.document,
    patterns: options.patterns ?? [],
    permitted: (effects) =>
      effects.every((effect) => {
        if (effect.key !== undefined && passes.delete(effect.key)) return true;
        return options.permits(effect);
      }),
    grant(effects) {
      for (const effect of effects) if (effect.key !== undefined) passes.add(effect.key);
    },
    hold: (held) => options.onHeld(held),
    listen(target, type, listener) {
      target.addEventListener(type, listener, true);
      undo.push(() => target.removeEventListener(type, listener, true));
    },
    replace(owner, key, guarded) {
      const original = owner[key];
      owner[key] = guarded;
      undo.push(() => {
        if (owner[key] === guarded) owner[key] = original;
      });
    },
    disarm() {
      for (const step of undo.splice(0).reverse()) step();
    },
  };
}
