import { highlight as highlightMatches, type HighlightSegment } from '../search/fuzzy/highlight.js';
import type { PaletteAction } from './palette-item.types.js';
import { paletteStrings, type PaletteStrings } from './palette.strings.js';
import { connectPaletteHandlers, type PaletteConnectOptions, type PaletteHandlers } from './palette.handlers.js';
import type { PaletteModel, PaletteRow, PaletteState, PaletteSubmitOptions } from './palette.types.js';

export type { PaletteConnectOptions, PaletteHandlers, PaletteKeyEvent, PaletteKeyPlace, PagePlace } from './palette.handlers.js';

export const LISTBOX_ID = 'palette-listbox';
export const ACTIONS_MENU_ID = 'palette-actions';

/** The DOM id of the option showing row `index` (ids only need to be unique in the palette's shadow root). */
export function optionId(index: number): string {
  return `palette-option-${index}`;
}

export function actionOptionId(index: number): string {
  return `palette-action-${index}`;
}

/** The texts of a row, cut into plain and matched segments for a view to render as text. */
export interface PaletteRowText {
  name: HighlightSegment[];
  description: HighlightSegment[];
  /** The row's whole accessible name. */
  label: string;
}

/**
 * Everything a view needs to render the palette, derived from the model's state, and the handlers
 * its gestures go to (which read the model's state when called).
 */
export interface PaletteView extends PaletteHandlers {
  state: PaletteState;
  /** The language of the view's words, for the parts it hosts (the chip bar). */
  locale: string;
  strings: PaletteStrings;
  open: boolean;
  query: string;
  dialogLabel: string;
  /** Attributes of the input, a combobox over the list or the actions menu (APG combobox pattern). */
  input: {
    role: 'combobox';
    'aria-expanded': 'true' | 'false';
    'aria-autocomplete': 'list';
    'aria-controls': string;
    /** The option Enter would take; absent while nothing is listed. */
    'aria-activedescendant': string | undefined;
    label: string;
    placeholder: string;
  };
  listbox: { id: string; label: string };
  /**
   * The prefix chip shown before the field while a prefix is in force: its text, the words that
   * describe the field, and the name of the button that removes it (as Backspace in an empty field does).
   */
  prefixChip: { text: string; label: string; removeLabel: string } | undefined;
  /** The list is shown (not replaced by a result or a borrowed field). */
  listVisible: boolean;
  /** What the polite status region says. */
  status: string;
  /** The current error, in words, or ''. */
  error: string;
  hint: string;
  closeButton: { label: string };
  actionsMenu: { id: string; label: string; options: Array<{ id: string; title: string; shortcut: string | undefined; active: boolean }> } | undefined;
  rowText(row: PaletteRow): PaletteRowText;
  close(): void;
  clearPrefix(): void;
  setQuery(query: string): void;
  submit(options?: PaletteSubmitOptions): string | undefined;
}

function actionTitle(action: PaletteAction, strings: PaletteStrings): string {
  return action.title ?? strings.actionTitle[action.kind];
}

export function connectPalette(model: PaletteModel, locale: string, options: PaletteConnectOptions = {}): PaletteView {
  const state = model.getState();
  const strings = paletteStrings(locale);
  const menu = state.actionsMenu;
  const listVisible = !state.result && !state.inputContext;
  const count = state.rows.length;
  const activeId = menu
    ? actionOptionId(menu.activeIndex)
    : listVisible && state.activeIndex >= 0 && state.activeIndex < count
      ? optionId(state.activeIndex)
      : undefined;
  let status = '';
  if (state.busy) status = strings.loading;
  else if (listVisible && (state.query.trim() !== '' || state.prefix !== undefined || state.trail.length > 0 || state.category !== undefined)) {
    status = strings.suggestionCount(count);
  }
  return {
    ...connectPaletteHandlers(model, options),
    state,
    locale,
    strings,
    open: state.open,
    query: state.query,
    dialogLabel: strings.dialogLabel,
    input: {
      role: 'combobox',
      'aria-expanded': menu || (listVisible && count > 0) ? 'true' : 'false',
      'aria-autocomplete': 'list',
      'aria-controls': menu ? ACTIONS_MENU_ID : LISTBOX_ID,
      'aria-activedescendant': activeId,
      label: state.inputContext?.chipLabel ?? strings.inputLabel,
      placeholder: state.inputContext?.placeholder ?? strings.placeholder,
    },
    listbox: { id: LISTBOX_ID, label: state.trail.length ? state.trail[state.trail.length - 1]! || strings.listboxLabel : strings.listboxLabel },
    prefixChip:
      state.prefix === undefined || state.inputContext
        ? undefined
        : { text: state.prefix, label: strings.prefixLabel(state.prefix), removeLabel: strings.removePrefix(state.prefix) },
    listVisible,
    status,
    error: state.error ? strings.error(state.error.source, state.error.subject, state.error.message) : '',
    hint: menu ? strings.actionsHint : strings.hint,
    closeButton: { label: strings.close },
    actionsMenu: menu && {
      id: ACTIONS_MENU_ID,
      label: strings.actionsLabel(menu.title),
      options: menu.actions.map((action, index) => ({
        id: actionOptionId(index),
        title: actionTitle(action, strings),
        shortcut: index === 0 ? 'Enter' : index === 1 ? 'Ctrl+Enter' : action.shortcut,
        active: index === menu.activeIndex,
      })),
    },
    rowText(row) {
      if (row.type === 'ask') {
        return { name: [{ text: row.text, match: false }], description: [], label: `${strings.askPrefix} ${row.text}` };
      }
      const description = row.description ?? '';
      return {
        name: highlightMatches(row.name, row.nameRanges),
        description: description ? highlightMatches(description, row.descriptionRanges) : [],
        label: row.item.disabled ? `${row.name} (${strings.disabled})` : row.name,
      };
    },
    close: () => model.close(),
    clearPrefix: () => model.clearPrefix(),
    setQuery: (query) => model.setQuery(query),
    submit: (submitOptions) => model.submit(submitOptions),
  };
}
