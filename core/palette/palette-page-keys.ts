/**
 * The keys a palette hears from the whole page: its Ctrl/⌘+K shortcut, keys typed ahead of the
 * panel's code, and the items' bound keys. They work from the first paint, so they live apart from
 * the handlers of the open palette (`palette.handlers.ts`), which come with the panel.
 */
import { hasCommandModifier, isComposingKey, isPaletteShortcut, isTypingTarget, type KeyLike } from '../input/keys.js';
import { parseShortcut, shortcutMatches } from './shortcut.js';
import type { PaletteModel } from './palette.types.js';

/** A key press reduced to what the palette reads; a DOM `KeyboardEvent` is one. */
export interface PaletteKeyEvent extends KeyLike {
  /** Another listener (another palette of the controller, say) already used the key. */
  readonly defaultPrevented?: boolean;
  /** Called when the palette uses the key. */
  preventDefault(): void;
  /** Called when the palette uses a key inside itself, so the page does not react to it too. */
  stopPropagation?(): void;
}

/** Where a key pressed anywhere on the page landed, for the shortcut and the items' bound keys. */
export interface PagePlace {
  /** The node the key started from (`composedPath()[0]`), to tell whether the visitor is typing. */
  target?: unknown;
  /** The key started inside this palette view. */
  insideView?: boolean;
}

/** What a view tells the page keys about itself; each key reads the model's current state. */
export interface PalettePageKeyOptions {
  /** The view sits in the page: opening it from there opens the palette in place. */
  inline?: boolean;
  /** The page's Ctrl/⌘+K opens and closes the palette. Default true. */
  shortcut?: boolean;
  /** The panel is drawn; until then keys typed after Ctrl/⌘+K go into the query. Default true. */
  panelShown?: boolean;
  /** Show ⌘ combinations (an Apple platform) when matching the items' bound keys. */
  apple?: boolean;
  /** Moves focus into the field (the shortcut on an inline palette that is open already). */
  focusField?(): void;
}

/** The page's side of a palette view's handlers (`PaletteHandlers` adds those of the open palette). */
export interface PalettePageKeys {
  /** A key pressed anywhere on the page: the shortcut, keys typed ahead of the panel, items' bound keys. */
  onPageKeyDown(event: PaletteKeyEvent, place?: PagePlace): void;
}

// More than one palette may serve a controller; an item's bound key must run once per key press.
const handledShortcuts = new WeakSet<object>();

export function connectPalettePageKeys(model: PaletteModel, options: PalettePageKeyOptions = {}): PalettePageKeys {
  /**
   * Keys typed after Ctrl/⌘+K but before the panel's code has arrived go into the query, so a fast
   * typist loses nothing; the field shows them once it renders.
   */
  function typeAhead(event: PaletteKeyEvent): boolean {
    const state = model.getState();
    if (options.panelShown !== false || options.inline || !state.open || hasCommandModifier(event)) return false;
    if (event.key === 'Backspace') {
      if (state.query === '' && state.prefix !== undefined) model.clearPrefix();
      else model.setQuery(state.query.slice(0, -1));
    }
    else if (event.key.length === 1 || /^\p{L}$/u.test(event.key)) model.setQuery(state.query + event.key);
    else return false;
    event.preventDefault();
    return true;
  }

  /** Items with `bindShortcut` run on their key combination, except while the visitor types without a modifier. */
  function runBoundShortcut(event: PaletteKeyEvent, place: PagePlace): void {
    if (handledShortcuts.has(event)) return;
    if ((!hasCommandModifier(event) && isTypingTarget(place.target as Element | undefined)) || place.insideView) return;
    for (const item of model.getItems()) {
      if (!item.bindShortcut || !item.shortcut || item.disabled) continue;
      const parsed = parseShortcut(item.shortcut);
      if (!parsed || !shortcutMatches(parsed, event, options.apple ?? false)) continue;
      handledShortcuts.add(event);
      event.preventDefault();
      void model.activateById(item.id);
      return;
    }
  }

  return {
    onPageKeyDown(event, place = {}) {
      if (event.defaultPrevented || isComposingKey(event)) return;
      if (options.shortcut !== false && isPaletteShortcut(event)) {
        event.preventDefault();
        if (options.inline && model.getState().open) options.focusField?.();
        else model.toggle();
        return;
      }
      if (typeAhead(event)) return;
      runBoundShortcut(event, place);
    },
  };
}
