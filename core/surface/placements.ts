/**
 * Named places on screen that transient content goes to. Plain state: a view for each slot
 * subscribes and renders what is mounted there, in mount order.
 */
import { createStore } from '../util/create-store.js';

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

/** What is mounted in each slot, in mount order; a slot's list is new after each change to it (an update included). */
export interface PlacementsState<T = unknown> {
  readonly slots: Readonly<Record<PlacementSlot, readonly Placement<T>[]>>;
}

export interface Placements<T = unknown> {
  getState(): PlacementsState<T>;
  /** Adds content to a slot; with `replace`, first unmounts whatever the slot holds. */
  mount(slot: PlacementSlot, content: T, options?: { replace?: boolean }): Placement<T>;
  in(slot: PlacementSlot): Placement<T>[];
  /** Calls `listener` with each slot that changed; returns the unsubscribe. */
  subscribe(listener: (slot: PlacementSlot) => void): () => void;
  clear(): void;
}

export function createPlacements<T = unknown>(): Placements<T> {
  // The store freezes its state one level; the lists and their record are the model's own, frozen here.
  const empty = Object.freeze(Object.fromEntries(PLACEMENT_SLOTS.map((slot) => [slot, Object.freeze([])]))) as unknown as PlacementsState<T>['slots'];
  const store = createStore<PlacementsState<T>>(
    { slots: empty },
    {
      name: 'placements',
      // A listener's error reaches the code that mounted or unmounted, as it always has.
      onListenerError: (error) => {
        throw error;
      },
    },
  );
  const listOf = (slot: PlacementSlot): readonly Placement<T>[] => store.getState().slots[slot];
  const setList = (slot: PlacementSlot, list: readonly Placement<T>[]) =>
    store.setState((state) => ({ slots: Object.freeze({ ...state.slots, [slot]: Object.freeze([...list]) }) }));
  let nextId = 1;

  const placements: Placements<T> = {
    getState: () => store.getState(),
    mount(slot, initial, options = {}) {
      if (!(PLACEMENT_SLOTS as readonly unknown[]).includes(slot)) {
        throw new Error(`Unknown placement slot ${JSON.stringify(slot)}; use one of ${PLACEMENT_SLOTS.join(', ')}.`);
      }
      if (options.replace) for (const existing of listOf(slot)) existing.unmount();
      let content = initial;
      let mounted = true;
      const placement: Placement<T> = {
        id: nextId++,
        slot,
        content: () => content,
        update(next) {
          if (!mounted) return;
          content = next;
          setList(slot, [...listOf(slot)]);
        },
        unmount() {
          if (!mounted) return;
          mounted = false;
          setList(slot, listOf(slot).filter((other) => other !== placement));
        },
        isMounted: () => mounted,
      };
      setList(slot, [...listOf(slot), placement]);
      return placement;
    },
    in: (slot) => [...(store.getState().slots[slot] ?? [])],
    subscribe(listener) {
      // Each listener hears every slot whose list changed since the state it saw last.
      let seen = store.getState();
      return store.subscribe((state) => {
        const before = seen;
        seen = state;
        for (const slot of PLACEMENT_SLOTS) if (state.slots[slot] !== before.slots[slot]) listener(slot);
      });
    },
    clear() {
      for (const slot of PLACEMENT_SLOTS) for (const placement of listOf(slot)) placement.unmount();
    },
  };
  return placements;
}
