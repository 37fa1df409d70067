/** A `{ "$bind": "/pointer" }` prop value: reads (and for inputs, writes) the surface data. */
export interface Binding {
  $bind: string;
}

export interface PieceNode {
  piece: string;
  /** Optional id, unique in the surface, to address the node. */
  id?: string;
  props?: Record<string, unknown>;
  children?: PieceNode[];
}

export interface PieceSurface {
  root: PieceNode;
  data?: Record<string, unknown>;
}

export type SurfaceActionType = 'submit' | 'cancel' | 'custom';

export interface SurfaceAction {
  type: SurfaceActionType;
  name?: string;
}

export interface SurfaceIssue {
  /** JSON Pointer into the surface JSON, e.g. "/root/children/2/props/colour". */
  path: string;
  message: string;
}

export function isBinding(value: unknown): value is Binding {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, '$bind');
}
