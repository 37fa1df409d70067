/**
 * The live state of one validated surface: its data, the bindings that read and write it, and the
 * actions its pieces fire. A renderer draws `resolveProps(node)` and reports gestures through
 * `input()` and `activate()`; it never holds the data itself.
 */
import { createStore } from '../util/create-store.js';
import { formatPointer, getAtPointer, parsePointer, setAtPointer } from './json-pointer.js';
import { validateSchema, type SchemaIssue } from './json-schema.js';
import { builtinCatalog, type PieceCatalog } from './piece-catalog.js';
import { isBinding, type PieceNode, type PieceSurface, type SurfaceAction } from './surface.types.js';
import { SurfaceValidationError, validateSurface, type ValidateSurfaceOptions } from './validate-surface.js';

export type SurfaceData = Record<string, unknown>;

export interface SurfaceResult {
  action: SurfaceAction;
  data: SurfaceData;
}

export interface SurfaceActionEvent extends SurfaceResult {
  /** Path of the piece that fired it (e.g. "/root/children/3"), absent when dispatched directly. */
  source?: string;
}

export type SurfaceDataListener = (data: SurfaceData, previous: SurfaceData) => void;
export type SurfaceActionListener = (event: SurfaceActionEvent) => void;

export interface ResolvedNode {
  path: string;
  piece: string;
  props: Record<string, unknown>;
  /** Bound values left out because the data at their pointer does not fit the prop. */
  refused: SchemaIssue[];
}

export type InputOutcome = { ok: true } | { ok: false; reason: string };

export interface SurfaceModelOptions extends ValidateSurfaceOptions {
  /** Initial data; defaults to the surface's own `data`, then `{}`. */
  data?: SurfaceData;
}

/**
 * What a surface model holds. The data stays plain, unfrozen JSON: the host gives it (and may keep
 * its object) and gets it back in results and action events.
 */
export interface SurfaceState {
  readonly data: SurfaceData;
}

export interface SurfaceModel {
  readonly surface: PieceSurface;
  readonly catalog: PieceCatalog;
  /** Settles with the first action fired (submit, cancel or custom), or with cancel on `dispose()`. */
  readonly result: Promise<SurfaceResult>;
  getState(): SurfaceState;
  /** `getState().data`. */
  getData(): SurfaceData;
  /** The value at a JSON Pointer into the data, or `undefined`. */
  read(pointer: string): unknown;
  /** Writes `value` at a JSON Pointer into the data (creating missing objects) and notifies subscribers. */
  setData(pointer: string, value: unknown): void;
  /** Replaces all the data. */
  replaceData(data: SurfaceData): void;
  /** Calls `listener` with the new and the previous data after each change; returns the unsubscribe. */
  subscribe(listener: SurfaceDataListener): () => void;
  /** Every action fired, including those after `result` has settled. */
  onAction(listener: SurfaceActionListener): () => void;
  /** A piece by its path in the surface ("/root/children/0") or by its id. */
  node(ref: string): PieceNode | undefined;
  /** Paths of every piece, in document order. */
  nodePaths(): string[];
  /**
   * The node's props with every binding replaced by the data it points at. Bound data is checked
   * against the prop's schema like literal props were (URL policy included); a value that fails is
   * left out and reported in `refused`.
   */
  resolveNode(ref: string): ResolvedNode;
  /** `resolveNode(ref).props`. */
  resolveProps(ref: string): Record<string, unknown>;
  /** The user edited an input piece: checks the value and writes it through the piece's binding. */
  input(ref: string, value: unknown): InputOutcome;
  /** The user activated a Button, IconButton or Link: fires its action. False when it has none or is disabled. */
  activate(ref: string): boolean;
  dispatch(action: SurfaceAction, source?: string): void;
  isSettled(): boolean;
  /** Settles `result` as cancelled if still open and drops every listener. */
  dispose(): void;
}

function collectNodes(root: PieceNode): Map<string, PieceNode> {
  const byPath = new Map<string, PieceNode>();
  const walk = (node: PieceNode, path: (string | number)[]) => {
    byPath.set(formatPointer(path), node);
    node.children?.forEach((child, index) => walk(child, [...path, 'children', index]));
  };
  walk(root, ['root']);
  return byPath;
}

/** Validates `surface` (throwing `SurfaceValidationError` listing every defect) and returns its model. */
export function createSurfaceModel(surface: unknown, options: SurfaceModelOptions = {}): SurfaceModel {
  const catalog = options.catalog ?? builtinCatalog();
  const validation = validateSurface(surface, { ...options, catalog });
  if (!validation.ok) throw new SurfaceValidationError(validation.errors);
  const valid = validation.surface;
  const byPath = collectNodes(valid.root);
  const byId = new Map<string, string>();
  for (const [path, node] of byPath) if (node.id) byId.set(node.id, path);

  // A state frozen here is taken as it is: the store leaves the data inside unfrozen (see SurfaceState).
  const stateOf = (data: SurfaceData): SurfaceState => Object.freeze({ data });
  const store = createStore(stateOf(structuredClone(options.data ?? valid.data ?? {})), {
    name: 'surface',
    // A listener's error reaches the code that changed the data, as it always has.
    onListenerError: (error) => {
      throw error;
    },
  });
  const actionListeners = new Set<SurfaceActionListener>();
  let settled = false;
  let settle!: (result: SurfaceResult) => void;
  const result = new Promise<SurfaceResult>((resolve) => (settle = resolve));
  const data = (): SurfaceData => store.getState().data;

  const commit = (next: SurfaceData) => {
    if (next !== data()) store.setState(stateOf(next));
  };

  const pathOf = (ref: string): string | undefined => (ref.startsWith('/') ? (byPath.has(ref) ? ref : undefined) : byId.get(ref));
  const requireNode = (ref: string): { path: string; node: PieceNode } => {
    const path = pathOf(ref);
    if (path === undefined) throw new Error(`No piece "${ref}" in this surface; use a path like "/root/children/0" or a piece id.`);
    return { path, node: byPath.get(path)! };
  };

  const model: SurfaceModel = {
    surface: valid,
    catalog,
    result,
    getState: () => store.getState(),
    getData: data,
    read: (pointer) => getAtPointer(data(), pointer),
    setData(pointer, value) {
      if (parsePointer(pointer).length === 0) {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          throw new Error('setData("") replaces all the data, so the value must be an object.');
        }
        commit(value as SurfaceData);
        return;
      }
      if (Object.is(getAtPointer(data(), pointer), value)) return;
      commit(setAtPointer(data(), pointer, value) as SurfaceData);
    },
    replaceData(next) {
      model.setData('', next);
    },
    subscribe(listener) {
      // Each listener hears the data it saw last as `previous`.
      let previous = data();
      return store.subscribe(({ data: next }) => {
        const before = previous;
        previous = next;
        listener(next, before);
      });
    },
    onAction(listener) {
      actionListeners.add(listener);
      return () => actionListeners.delete(listener);
    },
    node: (ref) => {
      const path = pathOf(ref);
      return path === undefined ? undefined : byPath.get(path);
    },
    nodePaths: () => [...byPath.keys()],
    resolveNode(ref) {
      const { path, node } = requireNode(ref);
      const definition = catalog.get(node.piece)!;
      const props: Record<string, unknown> = {};
      const refused: SchemaIssue[] = [];
      for (const [key, value] of Object.entries(node.props ?? {})) {
        if (!isBinding(value)) {
          props[key] = value;
          continue;
        }
        const bound = getAtPointer(data(), value.$bind);
        if (bound === undefined) continue;
        const issues = validateSchema(bound, definition.props[key]!, [...parsePointer(path), 'props', key]);
        if (issues.length) refused.push(...issues);
        else props[key] = bound;
      }
      return { path, piece: node.piece, props, refused };
    },
    resolveProps: (ref) => model.resolveNode(ref).props,
    input(ref, value) {
      const { node } = requireNode(ref);
      const definition = catalog.get(node.piece)!;
      const prop = definition.writes;
      if (!prop) return { ok: false, reason: `${node.piece} is not an input piece` };
      const props = model.resolveProps(ref);
      if (props['disabled'] === true) return { ok: false, reason: `${node.piece} is disabled` };
      const issue = validateSchema(value, definition.props[prop]!)[0] ?? undefined;
      if (issue) return { ok: false, reason: issue.message };
      const refusal = definition.acceptInput?.(props, value);
      if (refusal) return { ok: false, reason: refusal };
      const binding = node.props?.[prop];
      if (!isBinding(binding)) return { ok: false, reason: `${node.piece} has no binding on "${prop}" to write to` };
      model.setData(binding.$bind, value);
      return { ok: true };
    },
    activate(ref) {
      const { path } = requireNode(ref);
      const props = model.resolveProps(ref);
      const action = props['action'] as SurfaceAction | undefined;
      if (!action || props['disabled'] === true) return false;
      model.dispatch(action, path);
      return true;
    },
    dispatch(action, source) {
      const event: SurfaceActionEvent = { action: { ...action }, data: data(), ...(source !== undefined ? { source } : {}) };
      if (!settled) {
        settled = true;
        settle({ action: event.action, data: event.data });
      }
      for (const listener of [...actionListeners]) listener(event);
    },
    isSettled: () => settled,
    dispose() {
      if (!settled) {
        settled = true;
        settle({ action: { type: 'cancel' }, data: data() });
      }
      store.clear();
      actionListeners.clear();
    },
  };
  return model;
}
