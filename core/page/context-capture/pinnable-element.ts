import type { PinnedElementSource } from '../../palette/context/palette-context.types.js';
import { describeElement } from './describe-element.js';
import { watchDisconnect } from './watch-disconnect.js';

/** What `paletteContext.pinElement()` takes for a page element: its description, a watch on its removal, itself as identity. */
export function pinnableElement(element: Element): PinnedElementSource {
  return { description: describeElement(element), watch: (onGone) => watchDisconnect(element, onGone), target: element };
}
