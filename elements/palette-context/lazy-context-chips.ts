import type { createPaletteContextModel } from '../../core/palette/context/palette-context-model.js';
import { lazyModule } from '../../core/util/lazy-module.js';

export interface ContextChipsModule {
  createPaletteContextModel: typeof createPaletteContextModel;
}

// A chunk of their own in the drop-in: the chip bar is only needed once the palette opens.
const contextChips = lazyModule('the context chips', () =>
  Promise.all([import('./context-chips.js'), import('../../core/palette/context/palette-context-model.js')]).then(([element, model]) => {
    element.defineContextChips();
    return { createPaletteContextModel: model.createPaletteContextModel } satisfies ContextChipsModule;
  }),
);

/**
 * Loads `<dddk-context-chips>` and the context model on first use and registers the element under
 * its default tag. A failed load is not cached, so a later call tries again.
 */
export function loadContextChips(): Promise<ContextChipsModule> {
  return contextChips.load();
}
