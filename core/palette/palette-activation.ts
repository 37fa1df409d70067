import { describeValue } from '../util/describe-value.js';
import type { PaletteHandle } from './palette-item.types.js';
import type { PaletteItem } from './palette-item.types.js';
import type { PaletteList } from './palette-list.js';
import type { PaletteCore } from './palette-store.js';
import { runAction } from './run-action.js';
import type { PaletteActionPorts, PaletteActivation, PaletteRow, PaletteSubmitOptions } from './palette.types.js';

export interface PaletteActivationOptions {
  /** The steering surface actions receive. */
  handle: PaletteHandle;
  list: PaletteList;
  /** Records a use for the frecency ranking. */
  recordUse(itemId: string): void;
  onActivate: ((activation: PaletteActivation) => void) | undefined;
  submit(options: PaletteSubmitOptions): void;
  close(): void;
  ports: PaletteActionPorts | undefined;
}

/**
 * Running what the visitor chose: an item's action through the connected ports (newest first,
 * fallbacks last), its prefix, sub-list or answer when it has no action, and the ask row's text.
 * One action runs at a time; a newer one aborts it.
 */
export interface PaletteRunner {
  run(row: PaletteRow, actionIndex?: number): Promise<void>;
  /** The port the palette would use for `name`, if any is connected. */
  port<Port extends keyof PaletteActionPorts>(name: Port): NonNullable<PaletteActionPorts[Port]> | undefined;
  connectPorts(ports: PaletteActionPorts, options?: { fallback?: boolean }): () => void;
  /** Aborts the action or sub-list load under way. */
  abort(): void;
}

export function createPaletteRunner(core: PaletteCore, options: PaletteActivationOptions): PaletteRunner {
  const { handle } = options;
  // Consulted newest first; fallbacks (a view's location-based navigate, say) only after every host port.
  const portStack: PaletteActionPorts[] = options.ports ? [options.ports] : [];
  const fallbackPorts: PaletteActionPorts[] = [];
  let actionController: AbortController | undefined;

  const port = <Port extends keyof PaletteActionPorts>(name: Port): NonNullable<PaletteActionPorts[Port]> | undefined => {
    for (const stack of [portStack, fallbackPorts]) {
      for (let i = stack.length - 1; i >= 0; i--) {
        const found = stack[i]![name];
        if (found) return found as NonNullable<PaletteActionPorts[Port]>;
      }
    }
    return undefined;
  };

  const begin = (): AbortController => {
    actionController?.abort();
    const controller = new AbortController();
    actionController = controller;
    return controller;
  };

  async function openChildren(item: PaletteItem): Promise<void> {
    const source = item.children!;
    if (typeof source !== 'function') return handle.openList(source, item.name);
    const controller = begin();
    core.update({ busy: true, error: undefined });
    try {
      const items = await source({ signal: controller.signal });
      if (controller.signal.aborted) return;
      core.update({ busy: false });
      handle.openList(items, item.name);
    } catch (error) {
      if (!controller.signal.aborted) core.fail('children', error, item.name);
    }
  }

  /** What an item without actions does on its primary choice; true when it did something else than run an action. */
  function withoutAction(row: PaletteRow & { type: 'item' }): Promise<void> | true | undefined {
    const item = row.item;
    const listed = row.key.startsWith('i:') || row.key.startsWith('r:');
    if (listed && item.prefix !== undefined) {
      core.viewGeneration++;
      options.list.choosePrefix(item);
      return true;
    }
    if (item.actions?.length) return undefined;
    if (item.children !== undefined) return openChildren(item);
    if (item.answer !== undefined) {
      handle.showResult(item.answerFormat === 'markdown' ? { markdown: item.answer, title: item.name } : { text: item.answer, title: item.name });
    }
    return true;
  }

  async function runItemAction(row: PaletteRow & { type: 'item' }, actionIndex: number): Promise<void> {
    const item = row.item;
    const action = (item.actions ?? [])[actionIndex];
    if (!action) return;
    const controller = begin();
    const generation = core.viewGeneration;
    core.update({ busy: true, error: undefined, actionsMenu: undefined });
    try {
      await runAction(action, { item, arg: row.arg, palette: handle, signal: controller.signal }, port);
    } catch (error) {
      if (controller.signal.aborted) return;
      const state = core.state();
      // The palette may have closed meanwhile; it opens again to say what failed.
      if (!state.open) core.update({ open: true, ...options.list.listFor(state.query) });
      return core.fail('action', error, action.title ?? item.name);
    } finally {
      if (actionController === controller) actionController = undefined;
    }
    if (controller.signal.aborted) return;
    core.update({ busy: false });
    // An action that replaced what the palette shows (a result, a sub-list) keeps it open.
    if (core.state().open && core.viewGeneration === generation) options.close();
  }

  return {
    async run(row, actionIndex = 0) {
      if (row.type === 'ask') return options.submit({ text: row.text });
      const item = row.item;
      if (item.disabled) return;
      try {
        options.recordUse(item.id);
      } catch {
        // Frecency is a nicety: a ranking failure never blocks the action.
      }
      options.onActivate?.({ itemId: item.id, arg: row.arg, actionIndex });
      if (actionIndex === 0) {
        const done = withoutAction(row);
        if (done === true) return;
        if (done) return done;
      }
      return runItemAction(row, actionIndex);
    },
    port,
    connectPorts(ports, { fallback = false } = {}) {
      if (typeof ports !== 'object' || ports === null) throw new TypeError(`palette.connectPorts(ports): ports must be an object, got ${describeValue(ports)}`);
      const stack = fallback ? fallbackPorts : portStack;
      stack.push(ports);
      return () => {
        const at = stack.lastIndexOf(ports);
        if (at >= 0) stack.splice(at, 1);
      };
    },
    abort() {
      actionController?.abort();
      actionController = undefined;
    },
  };
}
