import type { DddkController } from '../controller/controller.types.js';
import { slotKey } from '../controller/slots.js';
import type { HeatStorage } from '../search/heat-rank.js';
import type { RequestContext } from './context/request-context.js';
import { createPaletteModel } from './palette-model.js';
import { paletteStrings } from './palette.strings.js';
import type { PaletteActionPorts, PaletteModel } from './palette.types.js';

// One palette per controller, so every view of a controller shares its items, open state and history.
const PALETTE = slotKey<PaletteModel>('palette', (palette) => palette.close());

export interface ControllerPaletteOptions {
  /** Where use counts persist; the first storage given for a controller is the one used. */
  storage?: HeatStorage;
}

/**
 * The palette model of `controller` (its `palette` slot), created on first use. Text handed to the
 * agent, and `agent-task` actions, go to `controller.startAgent(text)`; when starting it throws, the
 * subtitle bar says so instead of the text vanishing. `navigate` actions go through the
 * controller's router when it has one.
 */
export function controllerPalette(controller: DddkController, options: ControllerPaletteOptions = {}): PaletteModel {
  const existing = controller.slots.peek(PALETTE);
  if (existing) {
    // The palette may have been created earlier without a storage (by page config, say).
    if (options.storage) existing.useStorage(options.storage);
    return existing;
  }
  return controller.slots.use(PALETTE, () => createControllerPalette(controller, options.storage));
}

function createControllerPalette(controller: DddkController, storage: HeatStorage | undefined): PaletteModel {
  const router = controller.navigate;
  const ports: PaletteActionPorts = {
    startAgent: (task) => startAgentFor(controller, task, true),
    ...(router ? { navigate: router } : {}),
  };
  return createPaletteModel({
    onSubmit: (text, { context }) => startAgentFor(controller, text, false, context),
    onListenerError: (error) => controller.emit('error', { error, source: 'palette-listener' }),
    // The fallback to memory is said on the bus, as every store's is, and to the developer's console.
    onStorageFallback: (failure) => {
      console.warn(`dddk: ${failure.message}`);
      controller.emit('error', { error: failure.error ?? new Error(failure.message), source: 'palette-storage' });
    },
    onActivate: ({ itemId, arg }) => {
      try {
        controller.track('palette_activate', { itemId, ...(arg ? { arg } : {}) });
      } catch {
        // Analytics never stands between the user and the command.
      }
    },
    ports,
    ...(storage ? { storage } : {}),
  });
}

function startAgentFor(controller: DddkController, text: string, rethrow: boolean, context?: RequestContext): void {
  try {
    controller.startAgent(text, context ? { context } : {});
  } catch (error) {
    // An action's failure is shown in the palette; a submitted text's failure in the subtitle bar.
    if (rethrow) throw error;
    const strings = paletteStrings(controller.locale);
    controller.subtitle.show({ text: strings.agentFailed(error instanceof Error ? error.message : String(error)), type: 'error' });
    controller.emit('error', { error, source: 'palette-submit' });
  }
}
