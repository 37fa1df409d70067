/**
 * Panels pinned to a corner of the screen, each framing one surface. The registry is plain state:
 * `<dddk-panel>` subscribes and draws the frame (title, subtitle, footer, ×) around the surface.
 */
import { createStore, type Store } from '../util/create-store.js';
import type { PieceCatalog } from './piece-catalog.js';
import { createSurfaceModel, type SurfaceData, type SurfaceModel } from './surface-model.js';

export const PANEL_CORNERS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export type PanelCorner = (typeof PANEL_CORNERS)[number];

export interface PinnedPanelSpec {
  /** Stable id; creating a panel with an id already in use replaces that panel. */
  id: string;
  /** The surface JSON ({ root, data? }); validated on create and update. */
  surface: unknown;
  /** Initial data, overriding the surface's own. */
  data?: SurfaceData;
  title?: string;
  subtitle?: string;
  footer?: string;
  /** Default "bottom-right". */
  corner?: PanelCorner;
  /** Whether the user may close it with ×. Default true. */
  dismissible?: boolean;
}

export interface PinnedPanelState {
  readonly id: string;
  readonly title?: string;
  readonly subtitle?: string;
  readonly footer?: string;
  readonly corner: PanelCorner;
  readonly dismissible: boolean;
  readonly model: SurfaceModel;
}

export type PinnedPanelPatch = Partial<Omit<PinnedPanelSpec, 'id'>>;

export interface PinnedPanel {
  readonly id: string;
  getState(): PinnedPanelState;
  /** Changes any part of the spec; a new `surface` gets a new model that keeps the current data unless `data` is given. */
  update(patch: PinnedPanelPatch): void;
  getData(): SurfaceData;
  /** Replaces the panel's data. */
  setData(data: SurfaceData): void;
  /** The user pressed ×: closes the panel if it is dismissible. Returns whether it closed. */
  requestDismiss(): boolean;
  /** Removes the panel (the host may always do this). */
  dismiss(): void;
  isOpen(): boolean;
  /** Calls `listener` after each update, data change or dismissal of this panel; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export type PinnedPanelEvent =
  | { type: 'opened'; panel: PinnedPanel }
  | { type: 'updated'; panel: PinnedPanel }
  | { type: 'dismissed'; panel: PinnedPanel; byUser: boolean };

/** The registry's state: its open panels in creation order, and what happened last. */
export interface PinnedPanelRegistryState {
  readonly panels: readonly PinnedPanel[];
  readonly lastEvent: PinnedPanelEvent | undefined;
}

export interface PinnedPanelRegistry {
  getState(): PinnedPanelRegistryState;
  create(spec: PinnedPanelSpec): PinnedPanel;
  get(id: string): PinnedPanel | undefined;
  list(): PinnedPanel[];
  inCorner(corner: PanelCorner): PinnedPanel[];
  /** Calls `listener` with every event, in order; returns the unsubscribe. */
  subscribe(listener: (event: PinnedPanelEvent) => void): () => void;
  /** Dismisses every panel. */
  clear(): void;
}

const CHROME_MAX = 300;

function checkChrome(source: PinnedPanelPatch & { id?: string }): void {
  for (const key of ['title', 'subtitle', 'footer'] as const) {
    const value = source[key];
    if (value !== undefined && (typeof value !== 'string' || value.length > CHROME_MAX)) {
      throw new Error(`Pinned panel "${key}" must be plain text of at most ${CHROME_MAX} characters.`);
    }
  }
  if (source.corner !== undefined && !PANEL_CORNERS.includes(source.corner)) {
    throw new Error(`Pinned panel "corner" must be one of ${PANEL_CORNERS.join(', ')}; got ${JSON.stringify(source.corner)}.`);
  }
}

/** A panel's record in its store; frozen here, so the store leaves the surface model and the data in it as they are. */
interface PanelRecord {
  readonly state: PinnedPanelState;
  readonly open: boolean;
  /** The model's data, so that a data change is a change of the panel's record. */
  readonly data: SurfaceData;
}

// A listener's error reaches the code that made the change, as it always has.
const rethrow = (error: unknown): never => {
  throw error;
};

export function createPinnedPanelRegistry(options: { catalog?: PieceCatalog } = {}): PinnedPanelRegistry {
  const store = createStore<PinnedPanelRegistryState>({ panels: [], lastEvent: undefined }, { name: 'pinned panels', onListenerError: rethrow });
  // The open panels now; the store's state catches up with each event as it is told.
  let openPanels: readonly PinnedPanel[] = [];
  const byId = (id: string) => openPanels.find((panel) => panel.id === id);
  // Events raised while the listeners hear one are told after it, one by one, so none is merged away.
  const queued: PinnedPanelRegistryState[] = [];
  let emitting = false;
  const emit = (event: PinnedPanelEvent, panels: readonly PinnedPanel[] = openPanels) => {
    openPanels = panels;
    queued.push({ panels, lastEvent: event });
    if (emitting) return;
    emitting = true;
    try {
      for (let next = queued.shift(); next; next = queued.shift()) store.setState(next);
    } finally {
      emitting = false;
      queued.length = 0;
    }
  };
  const modelFor = (surface: unknown, data: SurfaceData | undefined) =>
    createSurfaceModel(surface, { ...(options.catalog ? { catalog: options.catalog } : {}), ...(data ? { data } : {}) });

  const create = (spec: PinnedPanelSpec): PinnedPanel => {
    if (typeof spec.id !== 'string' || spec.id === '') throw new Error('A pinned panel needs a non-empty string "id".');
    checkChrome(spec);
    const model = modelFor(spec.surface, spec.data);
    const initial: PinnedPanelState = {
      id: spec.id,
      ...(spec.title !== undefined ? { title: spec.title } : {}),
      ...(spec.subtitle !== undefined ? { subtitle: spec.subtitle } : {}),
      ...(spec.footer !== undefined ? { footer: spec.footer } : {}),
      corner: spec.corner ?? 'bottom-right',
      dismissible: spec.dismissible ?? true,
      model,
    };
    const record: Store<PanelRecord> = createStore<PanelRecord>(Object.freeze({ state: initial, open: true, data: model.getData() }), {
      name: 'pinned panel',
      onListenerError: rethrow,
    });
    const change = (patch: Partial<PanelRecord>) => record.setState((previous) => Object.freeze({ ...previous, ...patch }));
    const current = () => record.getState().state;
    // Data changes live on the model; a new model (a new surface) gets the same forwarding.
    const forward = (from: SurfaceModel) => from.subscribe((data) => change({ data }));
    let stopForwarding = forward(model);
    const panel: PinnedPanel = {
      id: spec.id,
      getState: current,
      update(patch) {
        if (!record.getState().open) throw new Error(`Pinned panel "${spec.id}" was dismissed; create it again to show it.`);
        checkChrome(patch);
        const { surface, data, ...chrome } = patch;
        let next = current().model;
        if (surface !== undefined) {
          next = modelFor(surface, data ?? next.getData());
          current().model.dispose();
        } else if (data !== undefined) {
          next.replaceData(data);
        }
        if (next !== current().model) {
          stopForwarding();
          stopForwarding = forward(next);
        }
        change({ state: { ...current(), ...chrome, model: next }, data: next.getData() });
        emit({ type: 'updated', panel });
      },
      getData: () => current().model.getData(),
      setData: (data) => current().model.replaceData(data),
      requestDismiss() {
        if (!record.getState().open || !current().dismissible) return false;
        close(true);
        return true;
      },
      dismiss() {
        if (record.getState().open) close(false);
      },
      isOpen: () => record.getState().open,
      subscribe: (listener) => record.subscribe(() => listener()),
    };
    const close = (byUser: boolean) => {
      change({ open: false });
      stopForwarding();
      current().model.dispose();
      emit({ type: 'dismissed', panel, byUser }, openPanels.filter((other) => other !== panel));
      record.clear();
    };
    byId(spec.id)?.dismiss();
    emit({ type: 'opened', panel }, [...openPanels, panel]);
    return panel;
  };

  return {
    getState: () => store.getState(),
    create,
    get: byId,
    list: () => [...openPanels],
    inCorner: (corner) => openPanels.filter((panel) => panel.getState().corner === corner),
    subscribe: (listener) => store.subscribe(({ lastEvent }) => lastEvent && listener(lastEvent)),
    clear() {
      for (const panel of openPanels) panel.dismiss();
    },
  };
}
