import { lazyModule } from '../../util/lazy-module.js';
import type { PaletteContextModel, PaletteContextModelOptions } from './palette-context.types.js';

// Only a palette showing the chip bar needs the model, so the drop-in keeps it in a chunk of its own.
const contextModule = lazyModule('the palette context chips', () => import('./palette-context-model.js'));

/** One palette's chip bar model: created once, on the first load, and shared by every view of that palette. */
export interface LazyContextModel {
  readonly current: PaletteContextModel | undefined;
  load(): Promise<PaletteContextModel>;
}

export function lazyContextModel(options: PaletteContextModelOptions = {}): LazyContextModel {
  let current: PaletteContextModel | undefined;
  return {
    get current() {
      return current;
    },
    async load() {
      const { createPaletteContextModel } = await contextModule.load();
      current ??= createPaletteContextModel(options);
      return current;
    },
  };
}
