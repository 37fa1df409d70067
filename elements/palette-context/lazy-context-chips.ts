import type { createPaletteContextModel } from '../../core/palette/context/palette-context-model.js';

export interface ContextChipsModule {
  createPaletteContextModel: typeof createPaletteContextModel;
}

let pending: Promise<ContextChipsModule> | undefined;

/**
 * Loads `<dddk-context-chips>` and the context model on first use (a chunk of their own in the
 * drop-in: the chip bar is only needed once the palette opens) and registers the element under its
 * default tag. A failed load is not cached, so a later call tries again.
 */
export function loadContextChips(): Promise<ContextChipsModule> {
  pending ??= Promise.all([import('./context-chips.js'), import('../../core/palette/context/palette-context-model.js')])
    .then(([element, model]) => {
      element.defineContextChips();
      return { createPaletteContextModel: model.createPaletteContextModel };
    })
    .catch((cause: unknown) => {
      pending = undefined;
      throw new Error('dddk: could not load the context chips. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
    });
  return pending;
}
