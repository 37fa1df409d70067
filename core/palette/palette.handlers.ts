import { isComposingKey, isPaletteShortcut } from '../input/keys.js';
import { connectPalettePageKeys, type PaletteKeyEvent, type PalettePageKeyOptions, type PalettePageKeys } from './palette-page-keys.js';
import type { PaletteActivation, PaletteModel } from './palette.types.js';

export type { PagePlace, PaletteKeyEvent, PalettePageKeyOptions } from './palette-page-keys.js';

/** Where a key pressed inside the palette landed. */
export interface PaletteKeyPlace {
  /** In the text field (the list keys belong to it); false for the chips and buttons. Default true. */
  inField?: boolean;
}

/** What a view tells the handlers about itself; each call reads the model's current state. */
export interface PaletteConnectOptions extends PalettePageKeyOptions {
  /** Rows PageUp and PageDown move by (what the list shows at once). Default 7. */
  pageSize?: number;
  /** The chip bar's context goes with a text handed to the agent. */
  withContext?: boolean;
  /** Asked before an item runs; false keeps its action from running (a cancelled `dddk-activate`). */
  beforeActivate?(activation: PaletteActivation): boolean;
  /** Asked before a text goes to the agent; false records it without delivering it (a cancelled `dddk-submit`). */
  beforeSubmit?(text: string): boolean;
}

/** The gestures of a palette view, as calls on its model. */
export interface PaletteHandlers extends PalettePageKeys {
  /** A key pressed inside the palette: arrows, page keys, Enter, Esc, Backspace (the chip, then the sub-list), Ctrl/⌘+K for the actions menu. */
  onKeyDown(event: PaletteKeyEvent, place?: PaletteKeyPlace): void;
  /** The field's text changed; typing into a closed view opens it. */
  onInput(value: string): void;
  /** The pointer moved onto option `index`; true when that made it the active row. */
  onOptionHover(index: number): boolean;
  /** Option `index` was clicked; with Ctrl/⌘ its second action runs. */
  onOptionClick(index: number, modifiers?: { ctrlKey?: boolean; metaKey?: boolean }): void;
  /** Action `index` of the actions menu was chosen. */
  onMenuAction(index: number): void;
}

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


  return {
    ...connectPalettePageKeys(model, options),

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
