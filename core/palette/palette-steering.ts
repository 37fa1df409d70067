import { describeValue } from '../util/describe-value.js';
import type { PaletteHandle, PaletteInputContext } from './palette-item.types.js';
import type { PaletteList } from './palette-list.js';
import type { PaletteResults } from './palette-results.js';
import { NO_ROWS, type PaletteCore } from './palette-store.js';
import { checkItems } from './validate-items.js';

export interface PaletteSteeringOptions {
  list: PaletteList;
  results: PaletteResults;
  open(): void;
  close(): void;
  setQuery(query: string): void;
}

/**
 * The handle actions and hosts steer the palette with (set the query, show a result, open a
 * sub-list, borrow the field), and the borrowed field's own state.
 */
export interface PaletteSteering {
  readonly handle: PaletteHandle;
  /** The field borrowed with `setInputContext`, if any. */
  readonly inputContext: PaletteInputContext | undefined;
  /** Forgets the borrowed field without touching the state (the palette closed). */
  dropInputContext(): void;
  /** Sends the borrowed field's text to its `onSubmit`. */
  submitInputContext(): Promise<void>;
}

export function createPaletteSteering(core: PaletteCore, options: PaletteSteeringOptions): PaletteSteering {
  const { list, results } = options;
  let inputContext: PaletteInputContext | undefined;

  const handle: PaletteHandle = {
    close: () => options.close(),
    get query() {
      return core.state().query;
    },
    setQuery(query) {
      core.viewGeneration++;
      if (!core.state().open) options.open();
      options.setQuery(query);
    },
    showResult: (input) => results.show(input),
    clearResult: () => results.clear(),
    openList(items, title = '') {
      checkItems('palette.openList(items): items', items);
      core.viewGeneration++;
      list.pushLevel(items, title);
      results.stop();
      // A chip picked at the root would hide most of a sub-list, so the sub-list starts unfiltered.
      core.update({ open: true, trail: list.trail(), category: undefined, result: undefined, actionsMenu: undefined, busy: false, error: undefined });
      core.update({ query: '', ...list.listFor('') });
    },
    setInputContext(context) {
      checkInputContext(context);
      core.viewGeneration++;
      inputContext = context;
      list.dropPrefix();
      const shown = { ...(context.placeholder !== undefined ? { placeholder: context.placeholder } : {}), ...(context.chipLabel !== undefined ? { chipLabel: context.chipLabel } : {}) };
      core.update({ open: true, inputContext: shown, prefix: undefined, query: '', actionsMenu: undefined, busy: false, error: undefined, rows: NO_ROWS, activeIndex: -1 });
    },
    clearInputContext() {
      if (!inputContext) return;
      inputContext = undefined;
      core.update({ inputContext: undefined });
      list.relist('');
    },
  };

  return {
    handle,
    get inputContext() {
      return inputContext;
    },
    dropInputContext() {
      inputContext = undefined;
    },
    async submitInputContext() {
      const context = inputContext;
      const text = core.state().query.trim();
      if (!context || text === '') return;
      core.update({ query: '', error: undefined });
      try {
        await context.onSubmit(text, handle);
      } catch (error) {
        core.fail('input', error, context.chipLabel);
      }
    },
  };
}

function checkInputContext(context: PaletteInputContext): void {
  if (typeof context !== 'object' || context === null || typeof context.onSubmit !== 'function') {
    throw new TypeError(`palette.setInputContext(context): context.onSubmit must be a function (text, palette) => void, got ${describeValue(context?.onSubmit)}`);
  }
  for (const field of ['placeholder', 'chipLabel'] as const) {
    if (context[field] !== undefined && typeof context[field] !== 'string') {
      throw new TypeError(`palette.setInputContext(context): context.${field} must be a string, got ${describeValue(context[field])}`);
    }
  }
}
