/**
 * `dddk.showSurfaceAndAwait()`: a surface shown and awaited, settled by the visitor through the view,
 * or by the host through `submitSurface(data)` / `cancelSurface()` (the newest awaited one first).
 * A skill's forms (its steps, its setup form) go through here, so a host with its own UI can answer them.
 */
import type { DddkController } from '../controller/controller.types.js';
import { slotKey } from '../controller/slots.js';
import { PLACEMENT_SLOTS, type PlacementSlot } from './placements.js';
import type { SurfaceData } from './surface-model.js';
import { presentSurface } from './present-surface.js';
import type { RenderedSurfaceHandle } from './surface-renderer.js';
import type { AwaitSurfaceOptions } from './await-surface-options.types.js';

export type { AwaitSurfaceOptions } from './await-surface-options.types.js';


interface AwaitedEntry {
  purpose: string | undefined;
  settle(data: SurfaceData | null): void;
}

// Every awaited surface of a controller, oldest first; a destroyed controller cancels them.
const AWAITED = slotKey<AwaitedEntry[]>('awaited surfaces', (list) => {
  for (const entry of list.splice(0).reverse()) entry.settle(null);
});

/** Shows `surface` in `placement` and resolves with the submitted data, or `null` on cancel. */
export function showSurfaceAndAwait(controller: DddkController, surface: unknown, placement: PlacementSlot = 'modal', options: AwaitSurfaceOptions = {}): Promise<SurfaceData | null> {
  if (!(PLACEMENT_SLOTS as readonly string[]).includes(placement)) {
    return Promise.reject(new TypeError(`dddk.showSurfaceAndAwait(surface, placement): placement must be one of ${PLACEMENT_SLOTS.join(', ')}, got ${JSON.stringify(placement)}`));
  }
  const list = controller.slots.use(AWAITED, (): AwaitedEntry[] => []);
  return new Promise((resolve) => {
    let view: RenderedSurfaceHandle | undefined;
    const entry: AwaitedEntry = {
      purpose: options.purpose,
      settle(data) {
        const index = list.indexOf(entry);
        if (index < 0) return;
        list.splice(index, 1);
        options.signal?.removeEventListener('abort', onAbort);
        view?.close();
        resolve(data);
      },
    };
    const onAbort = () => entry.settle(null);
    list.push(entry);
    if (options.signal?.aborted) return entry.settle(null);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    view = presentSurface(controller, surface, { placement, ...(options.label !== undefined ? { label: options.label } : {}) });
    void view.result.then((result) => entry.settle(result.action.type === 'submit' ? result.data : null));
  });
}

/** Settles the newest awaited surface (of `purpose`, when given) with `data`, or as cancelled; false when none waits. */
export function settleAwaitedSurface(controller: DddkController, data: SurfaceData | null, purpose?: string): boolean {
  const list = controller.slots.peek(AWAITED) ?? [];
  const entry = [...list].reverse().find((candidate) => purpose === undefined || candidate.purpose === purpose);
  entry?.settle(data);
  return entry !== undefined;
}
