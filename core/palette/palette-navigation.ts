import type { PaletteList } from './palette-list.js';
import type { PaletteRunner } from './palette-activation.js';
import type { PaletteResults } from './palette-results.js';
import type { PaletteSteering } from './palette-steering.js';
import type { PaletteCore } from './palette-store.js';
import type { PaletteModel } from './palette.types.js';

type Navigation = Pick<
  PaletteModel,
  'setActiveIndex' | 'moveActive' | 'activate' | 'activateById' | 'openActionsMenu' | 'closeActionsMenu' | 'moveActionsMenu' | 'runActionsMenu' | 'back'
>;

export interface PaletteNavigationParts {
  list: PaletteList;
  results: PaletteResults;
  steering: PaletteSteering;
  runner: PaletteRunner;
}

/** Moving through the palette: the active row, the actions menu, and stepping back out of what was opened. */
export function createPaletteNavigation(core: PaletteCore, { list, results, steering, runner }: PaletteNavigationParts): Navigation {
  const wrapped = (index: number, count: number) => ((index % count) + count) % count;

  return {
    setActiveIndex(index) {
      if (!Number.isInteger(index) || index < 0 || index >= core.state().rows.length) return;
      core.update({ activeIndex: index });
    },

    moveActive(delta, { wrap = false } = {}) {
      const { rows, activeIndex } = core.state();
      const count = rows.length;
      if (count === 0) return;
      const from = activeIndex < 0 ? (delta > 0 ? -1 : count) : activeIndex;
      const next = wrap ? wrapped(from + delta, count) : Math.max(0, Math.min(count - 1, from + delta));
      core.update({ activeIndex: next });
    },

    activate(index = core.state().activeIndex, actionIndex = 0) {
      const row = core.state().rows[index];
      return row ? runner.run(row, actionIndex) : Promise.resolve();
    },

    async activateById(id, activation = {}) {
      const row = list.findRow(id, activation.arg);
      if (!row) return false;
      const withArg = activation.arg !== undefined && row.type === 'item' && row.arg !== activation.arg ? { ...row, key: `x:${row.item.id}`, arg: activation.arg } : row;
      await runner.run(withArg, activation.actionIndex ?? 0);
      return true;
    },

    openActionsMenu() {
      const state = core.state();
      const row = state.rows[state.activeIndex];
      if (!row || row.type !== 'item' || !row.item.actions?.length || row.item.disabled) return false;
      core.update({ actionsMenu: { rowKey: row.key, title: row.name, actions: row.item.actions, activeIndex: 0 } });
      return true;
    },

    closeActionsMenu: () => core.update({ actionsMenu: undefined }),

    moveActionsMenu(delta) {
      const menu = core.state().actionsMenu;
      if (!menu) return;
      core.update({ actionsMenu: { ...menu, activeIndex: wrapped(menu.activeIndex + delta, menu.actions.length) } });
    },

    async runActionsMenu(index) {
      const { actionsMenu: menu, rows } = core.state();
      if (!menu) return;
      const row = rows.find((candidate) => candidate.key === menu.rowKey);
      if (!row) return core.update({ actionsMenu: undefined });
      await runner.run(row, index ?? menu.activeIndex);
    },

    back() {
      const state = core.state();
      if (state.actionsMenu) {
        core.update({ actionsMenu: undefined });
        return true;
      }
      if (state.result) {
        results.clear();
        return true;
      }
      if (steering.inputContext) {
        steering.handle.clearInputContext();
        return true;
      }
      if (!list.popLevel()) return false;
      core.update({ trail: list.trail() });
      list.relist('');
      return true;
    },
  };
}
