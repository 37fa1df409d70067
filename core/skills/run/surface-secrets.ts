import { getAtPointer, isPointer, parsePointer, setAtPointer } from '../../surface/json-pointer.js';
import type { SurfaceData } from '../../surface/surface-model.js';
import type { PieceNode, PieceSurface } from '../../surface/surface.types.js';
import { isBinding } from '../../surface/surface.types.js';

/**
 * The submitted data without what password fields hold: a kept result goes into templates, the
 * subtitle and the session storage, and a secret must reach none of them.
 */
export function withoutSecretFields(surface: PieceSurface, data: SurfaceData): SurfaceData {
  let result: unknown = data;
  for (const pointer of secretPointers(surface.root)) {
    if (parsePointer(pointer).length === 0) return {};
    if (getAtPointer(result, pointer) !== undefined) result = setAtPointer(result, pointer, undefined);
  }
  return result as SurfaceData;
}

function secretPointers(node: PieceNode): string[] {
  const own: string[] = [];
  const value = node.props?.['value'];
  if (node.props?.['inputType'] === 'password' && isBinding(value) && isPointer(value.$bind)) own.push(value.$bind);
  return [...own, ...(node.children ?? []).flatMap(secretPointers)];
}
