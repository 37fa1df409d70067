import { hasCommandModifier, isComposingKey, isPaletteShortcut, isTypingTarget, type KeyLike } from '../input/keys.js';
import { parseShortcut, shortcutMatches } from './shortcut.js';
import type { PaletteActivation, PaletteModel } from './palette.types.js';

/** A key press reduced to what the palette reads; a DOM `KeyboardEvent` is one. */
export interface PaletteKeyEvent extends KeyLike {
  /** Another listener (another palette of the controller, say) already used the key. */
  readonly defaultPrevented?: boolean;
  /** Called when the palette uses the key. */
  preventDefault(): void;
  /** Called when the palette uses a key inside itself, so the page does not react to it too. */
  stopPropagation?(): void;
}

/** Where a key pressed inside the palette landed. */
export interface PaletteKeyPlace {
  /** In the text field (the list keys belong to it); false for the chips and buttons. Default true. */
  inField?: boolean;
}

/** Where a key pressed anywhere on the page landed, for the shortcut and the items' bound keys. */
export interface PagePlace {
  /** The node the key started from (`composedPath()[0]`), to tell whether the visitor is typing. */
  target?: unknown;
  /** The key started inside this palette view. */
  insideView?: boolean;
}

/** What a view tells the handlers about itself; each call reads the model's current state. */
export interface PaletteConnectOptions {
  /** Rows PageUp and PageDown move by (what the list shows at once). Default 7. */
  pageSize?: number;
  /** The view sits in the page: opening it from there opens the palette in place. */
  inline?: boolean;
  /** The chip bar's context goes with a text handed to the agent. */
  withContext?: boolean;
  /** The page's Ctrl/⌘+K opens and closes the palette. Default true. */
  shortcut?: boolean;
  /** The panel is drawn; until then keys typed after Ctrl/⌘+K go into the query. Default true. */
  panelShown?: boolean;
  /** Show ⌘ combinations (an Apple platform) when matching the items' bound keys. */
  apple?: boolean;
  /** Moves focus into the field (the shortcut on an inline palette that is open already). */
  focusField?(): void;
  /** Asked before an item runs; false keeps its action from running (a cancelled `dddk-activate`). */
  beforeActivate?(activation: PaletteActivation): boolean;
  /** Asked before a text goes to the agent; false records it without delivering it (a cancelled `dddk-submit`). */
  beforeSubmit?(text: string): boolean;
}

/** The gestures of a palette view, as calls on its model. */
export interface PaletteHandlers {
  /** A key pressed inside the palette: arrows, page keys, Enter, Esc, Backspace (the chip, then the sub-list), Ctrl/⌘+K for the actions menu. */
  onKeyDown(event: PaletteKeyEvent, place?: PaletteKeyPlace): void;
  /** A key pressed anywhere on the page: the shortcut, keys typed ahead of the panel, items' bound keys. */
  onPageKeyDown(event: PaletteKeyEvent, place?: PagePlace): void;
  /** The field's text changed; typing into a closed view opens it. */
  onInput(value: string): void;
  /** The pointer moved onto option `index`; true when that made it the active row. */
  onOptionHover(index: number): boolean;
  /** Option `index` was clicked; with Ctrl/⌘ its second action runs. */
  onOptionClick(index: number, modifiers?: { ctrlKey?: boolean; metaKey?: boolean }): void;
  /** Action `index` of the actions menu was chosen. */
  onMenuAction(index: number): void;
}

// More than one palette may serve a controller; an item's bound key must run once per key press.
const handledShortcuts = new WeakSet<object>();

const DEFAULT_PAGE_SIZE = 7;

export function connectPaletteHandlers(model: PaletteModel, options: PaletteConnectOptions = {}): PaletteHandlers {
  const handled = (event: PaletteKeyEvent): void => {
    event.preventDefault();
    event.stopPropagation?.();
  };

  const open = (): void => model.open(options.inline ? { inline: true } : undefined);

  /** Runs the active row: the ask row hands its text to the agent, which the host may cancel. */
  function runActive(actionIndex: number): void {
    const state = model.getState();
    const row = state.rows[state.activeIndex];
    if (!row) return;
    if (row.type === 'ask') {
      const deliver = options.beforeSubmit?.(row.text) ?? true;
      const chips = options.withContext ? model.context : undefined;
      const context = chips?.hasContext ? chips.toContext() : undefined;
      model.submit({ text: row.text, deliver, ...(context ? { context } : {}) });
      if (context) chips?.clear();
      return;
    }
    if (confirmed(row.item.id, row.arg, actionIndex)) void model.activate(state.activeIndex, actionIndex);
  }

  function runMenuAction(index: number): void {
    const state = model.getState();
    const menu = state.actionsMenu;
    const row = menu && state.rows.find((candidate) => candidate.key === menu.rowKey);
    if (!row || row.type !== 'item') return;
    if (confirmed(row.item.id, row.arg, index)) void model.runActionsMenu(index);
    else model.closeActionsMenu();
  }

  const confirmed = (itemId: string, arg: string, actionIndex: number): boolean => options.beforeActivate?.({ itemId, arg, actionIndex }) ?? true;

  /** The keys that move through the list or the actions menu; true when the key was one of them and used. */
  function moveKey(event: PaletteKeyEvent): boolean {
    const state = model.getState();
    const menu = state.actionsMenu;
    const count = state.rows.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const delta = event.key === 'ArrowDown' ? 1 : -1;
        if (menu) model.moveActionsMenu(delta);
        else if (count) model.moveActive(delta, { wrap: true });
        else return false;
        return true;
      }
      case 'PageDown':
      case 'PageUp': {
        if (menu || !count) return false;
        const page = Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE);
        model.moveActive(event.key === 'PageDown' ? page : -page);
        return true;
      }
      case 'Home':
      case 'End': {
        // With text typed, plain Home/End move the caret; Ctrl/⌘ (or an empty field) moves the list.
        const command = event.ctrlKey || event.metaKey;
        if (menu || !count || (state.query !== '' && !command) || event.shiftKey) return false;
        model.moveActive(event.key === 'Home' ? -count : count);
        return true;
      }
      default:
        return false;
    }
  }

  /** The keys of the field besides the moves; true when the palette took the key. */
  function fieldKey(event: PaletteKeyEvent): boolean {
    const state = model.getState();
    const menu = state.actionsMenu;
    if (event.key === 'Backspace') {
      if (state.query !== '' || state.result || state.inputContext) return false;
      // In an empty field Backspace takes back the chip first, then the sub-list.
      if (state.prefix !== undefined) model.clearPrefix();
      else if (state.trail.length > 0) model.back();
      else return false;
      return true;
    }
    if (event.key !== 'Enter') return false;
    if (menu) runMenuAction(menu.activeIndex);
    else if (state.inputContext) void model.submitInputContext();
    else if (!state.result) runActive(event.ctrlKey || event.metaKey ? 1 : 0);
    return true;
  }

  /** Inside the open palette Ctrl/⌘+K lists the active item's actions, or closes that list; true when it did. */
  function actionsMenuKey(): boolean {
    const state = model.getState();
    if (state.actionsMenu) {
      model.closeActionsMenu();
      return true;
    }
    return !state.result && model.openActionsMenu();
  }

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
    onKeyDown(event, place = {}) {
      if (isComposingKey(event)) return;
      if (event.key === 'Escape') {
        // Handled here rather than by the dialog's own cancel, so other Escape listeners on the page
        // (a pending subtitle prompt, say) do not also react to it.
        handled(event);
        if (!model.back()) model.close();
        return;
      }
      // Keys on the chips and buttons keep their own meaning; the list keys belong to the field.
      const inField = place.inField !== false;
      if (inField && (moveKey(event) || fieldKey(event))) handled(event);
      // Unused here (an item without actions), the shortcut goes on to the page and closes the palette.
      else if (isPaletteShortcut(event) && actionsMenuKey()) handled(event);
    },

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

    onInput(value) {
      // Typing into the inline panel counts as opening it, so Esc and focus return work the same way.
      if (!model.getState().open) open();
      model.setQuery(value);
    },

    onOptionHover(index) {
      if (index === model.getState().activeIndex) return false;
      model.setActiveIndex(index);
      return model.getState().activeIndex === index;
    },

    onOptionClick(index, modifiers = {}) {
      model.setActiveIndex(index);
      runActive(modifiers.ctrlKey || modifiers.metaKey ? 1 : 0);
    },

    onMenuAction: runMenuAction,
  };
}
