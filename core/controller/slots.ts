/**
 * The controller's slots: each capability (the palette, placements, panels, and the ones to come)
 * keeps its one instance per controller here, created on first use and disposed by `destroy()`.
 * A key is a tiny object, so a view can look a slot up without loading the code that fills it.
 */

export interface SlotKey<Value> {
  readonly name: string;
  /** Releases what the value holds (timers, listeners, pending work) when the controller is destroyed. */
  readonly dispose?: (value: Value) => void;
}

export function slotKey<Value>(name: string, dispose?: (value: Value) => void): SlotKey<Value> {
  return Object.freeze(dispose ? { name, dispose } : { name });
}

export interface ControllerSlots {
  /** The slot's value, made by `create` the first time anyone asks. */
  use<Value>(key: SlotKey<Value>, create: () => Value): Value;
  /** The slot's value if it was made, without making it. */
  peek<Value>(key: SlotKey<Value>): Value | undefined;
  /** Calls `listener` when the slot's value is made (not for a value made before); returns the unsubscribe. */
  watch<Value>(key: SlotKey<Value>, listener: (value: Value) => void): () => void;
}

export interface OwnedSlots extends ControllerSlots {
  /** Disposes every value, newest first; a dispose that throws is reported and the rest still run. */
  disposeAll(): void;
}

export function createSlots(options: { alive: () => boolean; reportError: (error: unknown, source: string) => void }): OwnedSlots {
  // Keyed by the key object; `never` because a key's dispose takes its own value type.
  const values = new Map<SlotKey<never>, unknown>();
  const watchers = new Map<SlotKey<never>, Set<(value: unknown) => void>>();

  const tell = (key: SlotKey<never>, value: unknown): void => {
    for (const listener of [...(watchers.get(key) ?? [])]) {
      try {
        listener(value);
      } catch (error) {
        options.reportError(error, `slot:${key.name}`);
      }
    }
  };

  return {
    use<Value>(key: SlotKey<Value>, create: () => Value): Value {
      if (values.has(key)) return values.get(key) as Value;
      if (!options.alive()) {
        throw new Error(`dddk: the controller was destroyed, so its ${key.name} is gone; create a new one with createDddk()`);
      }
      const value = create();
      values.set(key, value);
      tell(key, value);
      return value;
    },
    peek: <Value>(key: SlotKey<Value>) => values.get(key) as Value | undefined,
    watch<Value>(key: SlotKey<Value>, listener: (value: Value) => void): () => void {
      let set = watchers.get(key);
      if (!set) watchers.set(key, (set = new Set()));
      const entry = listener as (value: unknown) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    disposeAll() {
      const made = [...values.entries()].reverse();
      values.clear();
      watchers.clear();
      for (const [key, value] of made) {
        try {
          key.dispose?.(value as never);
        } catch (error) {
          options.reportError(error, `slot:${key.name}:dispose`);
        }
      }
    },
  };
}
