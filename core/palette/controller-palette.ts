import type { DddkController } from '../dddk.js';
import type { HeatStorage } from '../search/heat-rank.js';
import type { RequestContext } from './context/request-context.js';
import { createPaletteModel } from './palette-model.js';
import { paletteStrings } from './palette.strings.js';
import type { PaletteActionPorts, PaletteModel } from './palette.types.js';

// One palette per controller, so every view of a controller shares its items, open state and history.
const palettes = new WeakMap<DddkController, PaletteModel>();

export interface ControllerPaletteOptions {
  /** Where use counts persist; the first storage given for a controller is the one used. */
  storage?: HeatStorage;
}

/**
 * The palette model of `controller`, created on first use. Text handed to the agent, and
 * `agent-task` actions, go to `controller.startAgent(text)`; when the controller has no agent, or
 * starting it throws, the subtitle bar says so instead of the text vanishing. `navigate` actions go
 * through the controller's router when it exposes one.
 */
export function controllerPalette(controller: DddkController, options: ControllerPaletteOptions = {}): PaletteModel {
  let palette = palettes.get(controller);
  if (!palette) {
    const router = controller.navigate;
    const ports: PaletteActionPorts = {
      startAgent: (task) => startAgentFor(controller, task, true),
      ...(router ? { navigate: router } : {}),
    };
    palette = createPaletteModel({
      onSubmit: (text, { context }) => startAgentFor(controller, text, false, context),
      onListenerError: (error) => controller.emit('error', { error, source: 'palette-listener' }),
      onActivate: ({ itemId, arg }) => {
        try {
          controller.track('palette_activate', { itemId, ...(arg ? { arg } : {}) });
        } catch {
          // Analytics never stands between the user and the command.
        }
      },
      ports,
      ...(options.storage ? { storage: options.storage } : {}),
    });
    palettes.set(controller, palette);
  } else if (options.storage) {
    // The palette may have been created earlier without a storage (by page config, say).
    palette.useStorage(options.storage);
  }
  return palette;
}

function startAgentFor(controller: DddkController, text: string, rethrow: boolean, context?: RequestContext): void {
  const strings = paletteStrings(controller.locale);
  const startAgent = (controller as { startAgent?: unknown }).startAgent;
  if (typeof startAgent !== 'function') {
    if (rethrow) throw new Error(strings.agentUnavailable);
    controller.subtitle.show({ text: strings.agentUnavailable, type: 'warning' });
    return;
  }
  try {
    startAgent.call(controller, text, context ? { context } : {});
  } catch (error) {
    // An action's failure is shown in the palette; a submitted text's failure in the subtitle bar.
    if (rethrow) throw error;
    controller.subtitle.show({ text: strings.agentFailed(error instanceof Error ? error.message : String(error)), type: 'error' });
    controller.emit('error', { error, source: 'palette-submit' });
  }
}
