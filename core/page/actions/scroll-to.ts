import { prefersReducedMotion } from '../overlays/reduced-motion.js';
import { optionalEnum, optionalNumber, optionalString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { isRendered } from './element-state.js';
import { fail, isFailure, succeed } from './results.js';
import { resolveElement } from './target.js';
import { sleep } from './timing.js';

const DIRECTIONS = ['up', 'down', 'left', 'right', 'top', 'bottom'] as const;
type Direction = (typeof DIRECTIONS)[number];

function canScroll(el: Element, vertical: boolean): boolean {
  if (vertical ? el.scrollHeight <= el.clientHeight : el.scrollWidth <= el.clientWidth) return false;
  if (el === el.ownerDocument.scrollingElement) return true;
  const overflow = getComputedStyle(el)[vertical ? 'overflowY' : 'overflowX'];
  return overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay';
}

/** The page when it scrolls, else the largest visible scrollable container (app-shell layouts). */
function mainScroller(vertical: boolean): Element | undefined {
  const page = document.scrollingElement;
  if (page && canScroll(page, vertical)) return page;
  let best: Element | undefined;
  let bestArea = 0;
  for (const el of document.body?.querySelectorAll('*') ?? []) {
    if (!(vertical ? el.scrollHeight > el.clientHeight : el.scrollWidth > el.clientWidth)) continue;
    if (!canScroll(el, vertical) || !isRendered(el)) continue;
    const area = el.clientWidth * el.clientHeight;
    if (area > bestArea) {
      best = el;
      bestArea = area;
    }
  }
  return best;
}

/** Resolves when a smooth scroll ends, or after a bound for scrollers that never report it. */
function scrollEnd(scroller: EventTarget, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const bound = new AbortController();
    const finish = () => {
      bound.abort();
      resolve();
    };
    let moved = false;
    scroller.addEventListener('scroll', () => (moved = true), { once: true, signal: bound.signal });
    scroller.addEventListener('scrollend', finish, { once: true, signal: bound.signal });
    signal.addEventListener('abort', finish, { once: true, signal: bound.signal });
    // Already in place: no scroll event comes, so stop waiting early.
    void sleep(150, bound.signal).then(() => !moved && finish());
    void sleep(1_000, bound.signal).then(finish);
  });
}

function edgeNote(el: Element, vertical: boolean): string {
  const position = vertical ? el.scrollTop : el.scrollLeft;
  const end = vertical ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
  if (position <= 0) return vertical ? ' It is at the top.' : ' It is at the left edge.';
  if (position >= end - 1) return vertical ? ' It is at the bottom; there is no more content below.' : ' It is at the right edge.';
  return '';
}

export const scrollTo = defineAction({
  name: 'scroll_to',
  description:
    'Scroll an element into view (target), or scroll the page — or the target container — in a direction (up, down, left, right, top, bottom).',
  parameters: schema.object({
    target: schema.target('Element id to bring into view, or the container to scroll when a direction is given.'),
    direction: { type: 'string', enum: [...DIRECTIONS], description: 'Which way to scroll.' },
    amount: schema.number('Pixels to scroll in that direction. Default: most of a screen.', 1, 100_000),
  }),
  async run(args, ctx) {
    const id = optionalString(args, 'target');
    if (isFailure(id)) return id;
    const direction = optionalEnum<Direction>(args, 'direction', DIRECTIONS);
    if (isFailure(direction)) return direction;
    const amount = optionalNumber(args, 'amount', 1, 100_000);
    if (isFailure(amount)) return amount;
    if (!id && !direction) return fail('invalid_arguments', 'Pass "target" (an element to bring into view) or "direction" (up, down, left, right, top, bottom).');
    const behavior: ScrollBehavior = prefersReducedMotion(ctx.reducedMotion) ? 'instant' : 'smooth';
    const element = id ? resolveElement(ctx, id) : undefined;
    if (isFailure(element)) return element;

    if (element && !direction) {
      if (!isRendered(element)) return fail('not_visible', `${describeElement(element)} is hidden, so it cannot be scrolled to. Open what contains it first.`);
      const done = scrollEnd(document, ctx.signal);
      element.scrollIntoView({ block: 'center', inline: 'nearest', behavior });
      if (behavior === 'smooth') await done;
      return succeed(`Scrolled ${describeElement(element)} into view.`);
    }

    const vertical = direction === 'up' || direction === 'down' || direction === 'top' || direction === 'bottom';
    const scroller = element ?? mainScroller(vertical);
    if (!scroller || !canScroll(scroller, vertical)) {
      const what = element ? describeElement(element) : 'The page';
      return fail('not_interactive', `${what} does not scroll ${vertical ? 'vertically' : 'horizontally'}; everything is already in view. Read the page instead.`);
    }
    const page = scroller === document.scrollingElement;
    const step = amount ?? Math.round((vertical ? scroller.clientHeight : scroller.clientWidth) * 0.8);
    const options: ScrollToOptions = { behavior };
    if (direction === 'top') options.top = 0;
    else if (direction === 'bottom') options.top = scroller.scrollHeight;
    else if (direction === 'up') options.top = scroller.scrollTop - step;
    else if (direction === 'down') options.top = scroller.scrollTop + step;
    else if (direction === 'left') options.left = scroller.scrollLeft - step;
    else options.left = scroller.scrollLeft + step;
    const done = scrollEnd(page ? document : scroller, ctx.signal);
    scroller.scrollTo(options);
    if (behavior === 'smooth') await done;
    const name = page ? 'the page' : describeElement(scroller);
    return succeed(`Scrolled ${name} ${direction}.${edgeNote(scroller, vertical)}`, {
      scrollTop: Math.round(scroller.scrollTop),
      scrollLeft: Math.round(scroller.scrollLeft),
    });
  },
});
