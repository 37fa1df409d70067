/**
 * Named places on screen that transient content goes to. Plain state: a view for each slot
 * subscribes and renders what is mounted there, in mount order.
 */

export const PLACEMENT_SLOTS = ['subtitle', 'indicator', 'palette', 'dock', 'modal', 'banner', 'fab', 'toast'] as const;
export type PlacementSlot = (typeof PLACEMENT_SLOTS)[number];

export interface Placement<T> {
  readonly id: number;
  readonly slot: PlacementSlot;
  content(): T;
  update(content: T): void;
  unmount(): void;
  isMounted(): boolean;
}

export interface Placements<T = unknown> {
  /** Adds content to a slot; with `replace`, first unmounts whatever the slot holds. */
  mount(slot: PlacementSlot, content: T, options?: { replace?: boolean }): Placement<T>;
  in(slot: PlacementSlot): Placement<T>[];
  subscribe(listener: (slot: PlacementSlot) => void): () => void;
  clear(): void;
}

export function createPlacements<T = unknown>(): Placements<T> {
  const bySlot = new Map<PlacementSlot, Placement<T>[]>(PLACEMENT_SLOTS.map((slot) => [slot, []]));
  const listeners = new Set<(slot: PlacementSlot) => void>();
  const changed = (slot: PlacementSlot) => {
    for (const listener of [...listeners]) listener(slot);
  };
  let nextId = 1;

  const placements: Placements<T> = {
    mount(slot, initial, options = {}) {
      const list = bySlot.get(slot);
      if (!list) throw new Error(`Unknown placement slot ${JSON.stringify(slot)}; use one of ${PLACEMENT_SLOTS.join(', ')}.`);
      if (options.replace) for (const existing of [...list]) existing.unmount();
      let content = initial;
      let mounted = true;
      const placement: Placement<T> = {
        id: nextId++,
        slot,
        content: () => content,
        update(next) {
          if (!mounted) return;
          content = next;
          changed(slot);
        },
        unmount() {
          if (!mounted) return;
          mounted = false;
          list.splice(list.indexOf(placement), 1);
          changed(slot);
        },
        isMounted: () => mounted,
      };
      list.push(placement);
      changed(slot);
      return placement;
    },
    in: (slot) => [...(bySlot.get(slot) ?? [])],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      for (const list of bySlot.values()) for (const placement of [...list]) placement.unmount();
    },
  };
  return placements;
}
