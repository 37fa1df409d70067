import { isPromiseLike, messageOf } from './palette-values.js';
import type { PaletteDetail, PaletteState } from './palette.types.js';

/**
 * The pane beside the list for the active item's `detail`: a surface as given, or produced by a
 * function (perhaps asynchronously, then `settle` delivers it). Kept while the same row stays active.
 */
export function detailFor(next: PaletteState, current: PaletteDetail | undefined, settle: (detail: PaletteDetail) => void): PaletteDetail | undefined {
  const row = next.open && !next.result && !next.inputContext ? next.rows[next.activeIndex] : undefined;
  if (!row || row.type !== 'item' || row.item.detail === undefined) return undefined;
  if (current?.rowKey === row.key) return current;
  const source = row.item.detail;
  const rowKey = row.key;
  if (typeof source !== 'function') return { rowKey, surface: source, loading: false, error: undefined };
  try {
    const produced = source(row.arg);
    if (!isPromiseLike(produced)) return { rowKey, surface: produced, loading: false, error: undefined };
    Promise.resolve(produced).then(
      (surface) => settle({ rowKey, surface, loading: false, error: undefined }),
      (error: unknown) => settle({ rowKey, surface: undefined, loading: false, error: messageOf(error) }),
    );
    return { rowKey, surface: undefined, loading: true, error: undefined };
  } catch (error) {
    return { rowKey, surface: undefined, loading: false, error: messageOf(error) };
  }
}
