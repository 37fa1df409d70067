/**
 * The stops the element picker's keyboard visits (see `pickable-elements.ts`), and which one comes
 * next from the outlined element. The list is built once a pick; an element gone since is passed over.
 */
import { pickableElements } from './pickable-elements.js';

export interface PickStops {
  /** The stop after (1) or before (-1) `current`, or the first or last with `edge`; undefined when there is none. */
  next(current: Element | null, by: 1 | -1, edge?: 'first' | 'last'): Element | undefined;
}

export function createPickStops(): PickStops {
  let stops: Element[] | undefined;
  return {
    next(current, by, edge) {
      stops = (stops ?? pickableElements()).filter((element) => element.isConnected);
      if (stops.length === 0) return undefined;
      let index: number;
      if (edge) index = edge === 'first' ? 0 : stops.length - 1;
      else if (!current) index = by > 0 ? firstInView(stops) : stops.length - 1;
      else {
        const at = stops.indexOf(current);
        const after = at >= 0 ? at : followingIndex(stops, current);
        index = at >= 0 || by < 0 ? after + by : after;
        index = (index + stops.length) % stops.length;
      }
      return stops[index];
    },
  };
}

/** The first stop whose top is inside the viewport, so the keyboard starts where the visitor is looking. */
function firstInView(stops: Element[]): number {
  const height = document.documentElement.clientHeight || innerHeight;
  const index = stops.findIndex((element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < height;
  });
  return Math.max(0, index);
}

/** The index of the first stop after `element` in document order (for an outlined element that is not a stop itself). */
function followingIndex(stops: Element[], element: Element): number {
  const index = stops.findIndex((stop) => element.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING);
  return index < 0 ? 0 : index;
}
