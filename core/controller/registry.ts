import type { DddkController } from './controller.types.js';

/**
 * Where elements find their controller: by id (`for="id"`) or the page's default.
 *
 * The registry lives on `globalThis` under a shared symbol, so two copies of dddk on one page
 * (a CMS that loads the script twice, or the drop-in beside a bundled copy) see the same controllers.
 */
interface RegistryState {
  readonly byId: Map<string, DddkController>;
  defaultController: DddkController | undefined;
  /** True when the default was created on first use rather than given by the host. */
  defaultIsAutomatic: boolean;
  readonly listeners: Set<() => void>;
}

const REGISTRY_KEY = Symbol.for('dddk.controller-registry.v1');

function registry(): RegistryState {
  const holder = globalThis as { [REGISTRY_KEY]?: RegistryState };
  return (holder[REGISTRY_KEY] ??= {
    byId: new Map(),
    defaultController: undefined,
    defaultIsAutomatic: false,
    listeners: new Set(),
  });
}

function notify(): void {
  for (const listener of [...registry().listeners]) {
    try {
      listener();
    } catch (error) {
      console.error('dddk: a controller registry listener threw', error);
    }
  }
}

/** Makes `controller` reachable as `for="id"`. Throws when another live controller holds the id. */
export function registerController(id: string, controller: DddkController): void {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new TypeError('registerController(id, controller): id must be a non-empty string');
  }
  const { byId } = registry();
  const existing = byId.get(id);
  if (existing === controller) return;
  if (existing && !existing.destroyed) {
    throw new Error(
      `registerController: a controller with id "${id}" is already registered; destroy it first or choose another config.id`,
    );
  }
  byId.set(id, controller);
  notify();
}

/** Removes the registration of `id`; when `controller` is given, only if it is the one registered. */
export function unregisterController(id: string, controller?: DddkController): void {
  const { byId } = registry();
  const existing = byId.get(id);
  if (!existing || (controller && existing !== controller)) return;
  byId.delete(id);
  notify();
}

export function getController(id: string): DddkController | undefined {
  return registry().byId.get(id);
}

/** The default controller if one exists, without creating it. */
export function peekDefaultController(): DddkController | undefined {
  return registry().defaultController;
}

export function isDefaultControllerAutomatic(): boolean {
  return registry().defaultIsAutomatic;
}

/** Stores the page default (or clears it with `undefined`) and tells listeners, so elements re-resolve. */
export function setDefaultControllerSlot(controller: DddkController | undefined, automatic = false): void {
  const state = registry();
  if (state.defaultController === controller) return;
  state.defaultController = controller;
  state.defaultIsAutomatic = controller !== undefined && automatic;
  notify();
}

/** Calls `listener` whenever a controller is registered, unregistered, or the default changes. */
export function onControllerRegistryChange(listener: () => void): () => void {
  const { listeners } = registry();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
