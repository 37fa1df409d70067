import { clearOverlays } from '../overlays/overlays.js';
import { optionalNumber, requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { deepElementFromPoint, composedContains, type Point } from './element-state.js';
import { activate, fireMouse, focusLikeMousedown, pointerPhase } from './pointer-sequence.js';
import { cancelled, isFailure, succeed } from './results.js';
import { preparePointerTarget, resolveElement } from './target.js';
import { sleep } from './timing.js';
import type { ActionContext, ActionResult, NavigationRecord } from './types.js';

/** The element a real pointer at `point` would press: the target or its innermost child there. */
function pressedElement(target: Element, point: Point): Element {
  const hit = deepElementFromPoint(target.ownerDocument, point.x, point.y);
  return hit && composedContains(target, hit) ? hit : target;
}

/** Presses and releases the pointer over the element, then fires its click. */
export function performClick(target: Element, point: Point): void {
  const pressed = pressedElement(target, point);
  pointerPhase(pressed, 'over', { point });
  pointerPhase(pressed, 'move', { point });
  if (pointerPhase(pressed, 'down', { point })) focusLikeMousedown(pressed);
  pointerPhase(pressed, 'up', { point });
  activate(target, point);
}

/** A URL change caused by an action (a router reacting to a click), if there was one. */
export async function urlChangeSince(from: string): Promise<NavigationRecord | undefined> {
  await Promise.resolve();
  const to = location.href;
  if (to === from) return undefined;
  // Overlays point at elements of the page being left.
  clearOverlays();
  return { from, to };
}

async function pointerAction(
  args: Record<string, unknown>,
  ctx: ActionContext,
  verb: string,
  perform: (target: Element, point: Point) => Promise<ActionResult | void> | ActionResult | void,
  done: (name: string) => string,
): Promise<ActionResult> {
  const id = requiredString(args, 'target', 'an element id from the page reading');
  if (isFailure(id)) return id;
  const element = resolveElement(ctx, id);
  if (isFailure(element)) return element;
  const ready = await preparePointerTarget(element, ctx, verb);
  if (isFailure(ready)) return ready;
  const name = describeElement(element);
  const from = location.href;
  const outcome = await perform(ready.element, ready.point);
  if (outcome) return outcome;
  const navigation = await urlChangeSince(from);
  const moved = navigation ? ` The page moved to ${new URL(navigation.to).pathname}.` : '';
  return succeed(done(name) + moved, undefined, navigation);
}

export const click = defineAction({
  name: 'click',
  description: 'Click an element (button, link, tab, checkbox…). It is scrolled into view first; fails when it is hidden, disabled or covered by something else.',
  parameters: schema.object({ target: schema.target('The element id of what to click.') }, ['target']),
  run: (args, ctx) => pointerAction(args, ctx, 'click', (el, point) => performClick(el, point), (name) => `Clicked ${name}.`),
});

export const doubleClick = defineAction({
  name: 'double_click',
  description: 'Double-click an element, for things that open, expand or start editing on a double-click.',
  parameters: schema.object({ target: schema.target('The element id of what to double-click.') }, ['target']),
  run: (args, ctx) =>
    pointerAction(
      args,
      ctx,
      'double-click',
      (el, point) => {
        const pressed = pressedElement(el, point);
        pointerPhase(pressed, 'over', { point });
        for (const detail of [1, 2]) {
          if (pointerPhase(pressed, 'down', { point, detail }) && detail === 1) focusLikeMousedown(pressed);
          pointerPhase(pressed, 'up', { point, detail });
          if (detail === 1) activate(el, point);
          else fireMouse(el, 'click', { point, detail: 2 });
        }
        fireMouse(pressed, 'dblclick', { point, detail: 2 });
      },
      (name) => `Double-clicked ${name}.`,
    ),
});

export const longPress = defineAction({
  name: 'long_press',
  description: 'Press and hold on an element, for context menus, drag handles or touch-style long presses.',
  parameters: schema.object(
    {
      target: schema.target('The element id to press.'),
      durationMs: schema.number('How long to hold, in milliseconds. Default 800.', 100, 5000),
    },
    ['target'],
  ),
  async run(args, ctx) {
    const duration = optionalNumber(args, 'durationMs', 100, 5000);
    if (isFailure(duration)) return duration;
    return pointerAction(
      args,
      ctx,
      'long-press',
      async (el, point) => {
        const pressed = pressedElement(el, point);
        pointerPhase(pressed, 'over', { point });
        if (pointerPhase(pressed, 'down', { point })) focusLikeMousedown(pressed);
        const held = await sleep(duration ?? 800, ctx.signal);
        // Release even when cancelled, so the page is not left with a pressed pointer.
        pointerPhase(pressed, 'up', { point });
        return held ? undefined : cancelled('The long press');
      },
      (name) => `Pressed and held ${name} for ${duration ?? 800} ms.`,
    );
  },
});

export const hover = defineAction({
  name: 'hover',
  description: 'Move the pointer over an element, for menus or tooltips that open on hover. Pure CSS :hover styles cannot be triggered this way.',
  parameters: schema.object({ target: schema.target('The element id to hover.') }, ['target']),
  run: (args, ctx) =>
    pointerAction(
      args,
      ctx,
      'hover over',
      (el, point) => {
        const pressed = pressedElement(el, point);
        pointerPhase(pressed, 'over', { point });
        pointerPhase(pressed, 'move', { point });
      },
      (name) => `The pointer is over ${name}; read the page again to see what opened.`,
    ),
});

