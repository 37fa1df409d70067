/**
 * Panels pinned to a corner of the screen, each framing one surface. The registry is plain state:
 * `<dddk-panel>` subscribes and draws the frame (title, subtitle, footer, ×) around the surface.
 */
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

export interface PinnedPanelRegistry {
  create(spec: PinnedPanelSpec): PinnedPanel;
  get(id: string): PinnedPanel | undefined;
  list(): PinnedPanel[];
  inCorner(corner: PanelCorner): PinnedPanel[];
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

export function createPinnedPanelRegistry(options: { catalog?: PieceCatalog } = {}): PinnedPanelRegistry {
  const panels = new Map<string, PinnedPanel>();
  const listeners = new Set<(event: PinnedPanelEvent) => void>();
  const emit = (event: PinnedPanelEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const modelFor = (surface: unknown, data: SurfaceData | undefined) =>
    createSurfaceModel(surface, { ...(options.catalog ? { catalog: options.catalog } : {}), ...(data ? { data } : {}) });

  const create = (spec: PinnedPanelSpec): PinnedPanel => {
    if (typeof spec.id !== 'string' || spec.id === '') throw new Error('A pinned panel needs a non-empty string "id".');
    checkChrome(spec);
    let state: PinnedPanelState = {
      id: spec.id,
      ...(spec.title !== undefined ? { title: spec.title } : {}),
      ...(spec.subtitle !== undefined ? { subtitle: spec.subtitle } : {}),
      ...(spec.footer !== undefined ? { footer: spec.footer } : {}),
      corner: spec.corner ?? 'bottom-right',
      dismissible: spec.dismissible ?? true,
      model: modelFor(spec.surface, spec.data),
    };
    let open = true;
    const panelListeners = new Set<() => void>();
    const notify = () => {
      for (const listener of [...panelListeners]) listener();
    };
    // Data changes live on the model; a new model (a new surface) gets the same forwarding.
    let stopForwarding = state.model.subscribe(notify);
    const panel: PinnedPanel = {
      id: spec.id,
      getState: () => state,
      update(patch) {
        if (!open) throw new Error(`Pinned panel "${spec.id}" was dismissed; create it again to show it.`);
        checkChrome(patch);
        const { surface, data, ...chrome } = patch;
        let model = state.model;
        if (surface !== undefined) {
          model = modelFor(surface, data ?? state.model.getData());
          state.model.dispose();
        } else if (data !== undefined) {
          model.replaceData(data);
        }
        if (model !== state.model) {
          stopForwarding();
          stopForwarding = model.subscribe(notify);
        }
        state = { ...state, ...chrome, model };
        emit({ type: 'updated', panel });
        notify();
      },
      getData: () => state.model.getData(),
      setData: (data) => state.model.replaceData(data),
      requestDismiss() {
        if (!open || !state.dismissible) return false;
        close(true);
        return true;
      },
      dismiss() {
        if (open) close(false);
      },
      isOpen: () => open,
      subscribe(listener) {
        panelListeners.add(listener);
        return () => panelListeners.delete(listener);
      },
    };
    const close = (byUser: boolean) => {
      open = false;
      if (panels.get(spec.id) === panel) panels.delete(spec.id);
      stopForwarding();
      state.model.dispose();
      emit({ type: 'dismissed', panel, byUser });
      notify();
      panelListeners.clear();
    };
    panels.get(spec.id)?.dismiss();
    panels.set(spec.id, panel);
    emit({ type: 'opened', panel });
    return panel;
  };

  return {
    create,
    get: (id) => panels.get(id),
    list: () => [...panels.values()],
    inCorner: (corner) => [...panels.values()].filter((panel) => panel.getState().corner === corner),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      for (const panel of [...panels.values()]) panel.dismiss();
    },
  };
}
