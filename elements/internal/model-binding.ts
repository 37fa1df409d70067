import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { onControllerRegistryChange } from '../../core/controller/registry.js';
import { resolveController } from '../../core/controller/resolve-controller.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { DddkEventName } from '../../core/events/event-map.js';

/** An element that renders a dddk controller's model. */
export interface ControllerConsumer extends ReactiveControllerHost, HTMLElement {
  /** Set by the host page; wins over `for` and the page default. */
  controller: DddkController | undefined;
  /** The id of a controller created with `createDddk({ id })`. */
  for: string | undefined;
}

export interface Subscribable {
  subscribe(listener: () => void): () => void;
}

export interface ModelBindingOptions<Model extends Subscribable> {
  /** Picks the model the element renders from the resolved controller. */
  select: (controller: DddkController) => Model;
  /** Controller events that also call for a re-render (e.g. `locale_change`). */
  events?: DddkEventName[];
}

/**
 * Finds the element's controller (its `controller` property, else the controller named by `for`,
 * else the page default), subscribes to the selected model, and re-renders the element when the
 * model changes. It re-resolves when the registry changes, so a controller created after the
 * element connected is picked up.
 */
export class ModelBinding<Model extends Subscribable> implements ReactiveController {
  /** The resolved controller, or `undefined` while `for` names no registered controller. */
  controller: DddkController | undefined;
  model: Model | undefined;

  private readonly host: ControllerConsumer;
  private readonly options: ModelBindingOptions<Model>;
  private connected = false;
  private unsubscribers: Array<() => void> = [];
  private stopWatchingRegistry: (() => void) | undefined;

  constructor(host: ControllerConsumer, options: ModelBindingOptions<Model>) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.stopWatchingRegistry = onControllerRegistryChange(() => this.sync());
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stopWatchingRegistry?.();
    this.stopWatchingRegistry = undefined;
    this.attach(undefined);
  }

  /** Runs before each render, so a new `controller` property or `for` attribute takes effect in it. */
  hostUpdate(): void {
    this.sync();
  }

  private sync(): void {
    if (!this.connected) return;
    const next = resolveController(this.host, { createDefault: true });
    if (next === this.controller) return;
    this.attach(next);
    this.host.requestUpdate();
  }

  private attach(next: DddkController | undefined): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
    this.controller = next;
    this.model = next ? this.options.select(next) : undefined;
    if (!next || !this.model) return;
    const rerender = () => this.host.requestUpdate();
    this.unsubscribers.push(this.model.subscribe(rerender));
    for (const name of this.options.events ?? []) this.unsubscribers.push(next.on(name, rerender));
  }
}
