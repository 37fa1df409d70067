import type { DddkController } from '../dddk.js';
import { createPaletteModel } from './palette-model.js';
import { paletteStrings } from './palette.strings.js';
import type { PaletteModel } from './palette.types.js';

// One palette per controller, so every view of a controller shares its open state and history.
const palettes = new WeakMap<DddkController, PaletteModel>();

/**
 * The palette model of `controller`, created on first use. A submitted text goes to
 * `controller.startAgent(text)`; when the controller has no agent, or starting it throws, the
 * subtitle bar says so instead of the text vanishing.
 */
export function controllerPalette(controller: DddkController): PaletteModel {
  let palette = palettes.get(controller);
  if (!palette) {
    palette = createPaletteModel({
      onSubmit: (text) => startAgentFor(controller, text),
      onListenerError: (error) => controller.emit('error', { error, source: 'palette-listener' }),
    });
    palettes.set(controller, palette);
  }
  return palette;
}

function startAgentFor(controller: DddkController, text: string): void {
  const strings = paletteStrings(controller.locale);
  const startAgent = (controller as { startAgent?: unknown }).startAgent;
  if (typeof startAgent !== 'function') {
    controller.subtitle.show({ text: strings.agentUnavailable, type: 'warning' });
    return;
  }
  try {
    startAgent.call(controller, text);
  } catch (error) {
    controller.subtitle.show({ text: strings.agentFailed(error instanceof Error ? error.message : String(error)), type: 'error' });
    controller.emit('error', { error, source: 'palette-submit' });
  }
}
