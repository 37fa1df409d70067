import { describeElement } from './describe-element.js';
import {
  coveringElement,
  disabledReason,
  isCenterInViewport,
  isVisible,
  visibleCenter,
  type Point,
} from './element-state.js';
import { cancelled, fail, isFailure } from './results.js';
import type { ActionContext, ActionFailure } from './types.js';

/** Looks a target argument up through the host's resolver and explains a miss to the model. */
export function resolveElement(ctx: ActionContext, target: string): Element | ActionFailure {
  let found: ReturnType<ActionContext['resolve']>;
  try {
    found = ctx.resolve(target);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail('not_found', `Could not look up "${target}": ${detail}. Use an element id from the latest page reading.`);
  }
  if (isFailure(found)) return found;
  if (!found) {
    return fail(
      'not_found',
      `No element matches "${target}". Use an element id from the latest page reading; the page may have changed, so read it again.`,
    );
  }
  if (!found.isConnected) {
    return fail('not_found', `The element "${target}" is no longer on the page. Read the page again and use a current id.`);
  }
  return found;
}

export interface PointerTarget {
  element: Element;
  /** Where a real pointer would press: the centre of the element's visible part. */
  point: Point;
}

/**
 * Gets an element ready for a pointer action: scrolls it into view when its centre is off-screen,
 * then checks that it is visible, enabled and not covered by another element, and moves the
 * cursor there when one is configured.
 */
export async function preparePointerTarget(
  element: Element,
  ctx: ActionContext,
  verb: string,
): Promise<PointerTarget | ActionFailure> {
  const name = describeElement(element);
  if (!isVisible(element)) {
    return fail(
      'not_visible',
      `Cannot ${verb} ${name}: it is hidden or has no size. Open the menu, tab or section that contains it first, or pick a visible element.`,
    );
  }
  const disabled = disabledReason(element);
  if (disabled) {
    return fail('not_interactive', `Cannot ${verb} ${name}: ${disabled}. Complete the steps that enable it first, or choose another element.`);
  }
  if (!isCenterInViewport(element)) {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }
  if (ctx.cursor) {
    await ctx.cursor.moveTo(element, { signal: ctx.signal });
    if (ctx.signal.aborted) return cancelled(`The ${verb}`);
  }
  const point = visibleCenter(element);
  if (!point) {
    return fail('not_visible', `Cannot ${verb} ${name}: it stays outside the visible area even after scrolling (it may be clipped by its container).`);
  }
  const cover = coveringElement(element, point);
  if (cover) {
    return fail(
      'not_interactive',
      `Cannot ${verb} ${name}: ${describeElement(cover)} covers it. Close or dismiss that first (for example a dialog, menu or cookie banner), then try again.`,
    );
  }
  return { element, point };
}
