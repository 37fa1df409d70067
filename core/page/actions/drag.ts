import { optionalNumber, optionalString, requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { deepElementFromPoint, isVisible, visibleCenter, type Point } from './element-state.js';
import { pointerPhase } from './pointer-sequence.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { preparePointerTarget, resolveElement } from './target.js';
import { nextFrame } from './timing.js';
import type { ActionContext, ActionFailure, ActionResult } from './types.js';

const STEPS = 8;

export interface DragData {
  /** Whether the page used HTML drag and drop (draggable elements) rather than pointer events. */
  html5: boolean;
  /** For HTML drag and drop: whether the drop target accepted the drop. */
  dropped?: boolean;
}

function lerp(from: Point, to: Point, t: number): Point {
  return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
}

function fireDrag(el: Element, type: string, point: Point, dataTransfer: DataTransfer): boolean {
  const view = el.ownerDocument.defaultView ?? window;
  return el.dispatchEvent(
    new view.DragEvent(type, {
      bubbles: true,
      cancelable: type !== 'dragleave' && type !== 'dragend',
      composed: true,
      clientX: point.x,
      clientY: point.y,
      dataTransfer,
      view,
    }),
  );
}

async function endPoint(args: Record<string, unknown>, ctx: ActionContext, start: Point): Promise<{ point: Point; name: string } | ActionFailure> {
  const to = optionalString(args, 'to');
  if (isFailure(to)) return to;
  const dx = optionalNumber(args, 'offsetX', -10_000, 10_000);
  if (isFailure(dx)) return dx;
  const dy = optionalNumber(args, 'offsetY', -10_000, 10_000);
  if (isFailure(dy)) return dy;
  if (to) {
    const target = resolveElement(ctx, to);
    if (isFailure(target)) return target;
    if (!isVisible(target)) return fail('not_visible', `The drop target ${describeElement(target)} is hidden. Open what contains it first.`);
    const point = visibleCenter(target);
    if (!point) {
      return fail('not_visible', `The drop target ${describeElement(target)} is off-screen while the dragged element is on-screen. Scroll so both are visible, or drag in steps with offsets.`);
    }
    return { point, name: describeElement(target) };
  }
  if (dx === undefined && dy === undefined) return fail('invalid_arguments', 'Pass "to" (an element id to drop on) or "offsetX"/"offsetY" in pixels.');
  return { point: { x: start.x + (dx ?? 0), y: start.y + (dy ?? 0) }, name: `${dx ?? 0}, ${dy ?? 0} px away` };
}

export const drag = defineAction<DragData>({
  name: 'drag',
  description: 'Drag an element onto another element, or by a pixel offset: for sortable lists, boards, sliders and drop zones.',
  parameters: schema.object(
    {
      from: schema.target('The element id to drag.'),
      to: schema.target('The element id to drop on.'),
      offsetX: schema.number('Or: horizontal distance in pixels.', -10_000, 10_000),
      offsetY: schema.number('Or: vertical distance in pixels.', -10_000, 10_000),
    },
    ['from'],
  ),
  async run(args, ctx): Promise<ActionResult<DragData>> {
    const fromId = requiredString(args, 'from', 'the element id to drag');
    if (isFailure(fromId)) return fromId;
    const source = resolveElement(ctx, fromId);
    if (isFailure(source)) return source;
    const ready = await preparePointerTarget(source, ctx, 'drag');
    if (isFailure(ready)) return ready;
    const end = await endPoint(args, ctx, ready.point);
    if (isFailure(end)) return end;
    const start = ready.point;
    const name = describeElement(source);
    const draggable = source.closest('[draggable="true"]');

    if (draggable) {
      // HTML drag and drop: the browser stops sending pointer moves once dragstart fires.
      const data = new DataTransfer();
      pointerPhase(source, 'over', { point: start });
      pointerPhase(source, 'down', { point: start });
      if (!fireDrag(draggable, 'dragstart', start, data)) {
        return fail('not_interactive', `The page refused to start dragging ${name}. It may need a handle inside it; look for one.`);
      }
      let over: Element | null = null;
      let accepted = false;
      for (let step = 1; step <= STEPS; step++) {
        const point = lerp(start, end.point, step / STEPS);
        fireDrag(draggable, 'drag', point, data);
        const hit = deepElementFromPoint(document, point.x, point.y);
        if (hit !== over) {
          if (over) fireDrag(over, 'dragleave', point, data);
          if (hit) fireDrag(hit, 'dragenter', point, data);
          over = hit;
        }
        // A drop zone says yes by cancelling dragover.
        accepted = over ? !fireDrag(over, 'dragover', point, data) : false;
        await nextFrame();
        if (ctx.signal.aborted) {
          fireDrag(draggable, 'dragend', point, data);
          return cancelled('The drag');
        }
      }
      if (accepted && over) fireDrag(over, 'drop', end.point, data);
      fireDrag(draggable, 'dragend', end.point, data);
      if (!accepted) {
        return fail('not_interactive', `Dragged ${name} to ${end.name}, but nothing there accepts the drop. Choose another drop target.`);
      }
      return succeed(`Dragged ${name} and dropped it on ${end.name}.`, { html5: true, dropped: true });
    }

    pointerPhase(source, 'over', { point: start });
    pointerPhase(source, 'down', { point: start });
    let current: Element = source;
    for (let step = 1; step <= STEPS; step++) {
      const point = lerp(start, end.point, step / STEPS);
      current = deepElementFromPoint(document, point.x, point.y) ?? source;
      pointerPhase(current, 'move', { point, buttons: 1 });
      await nextFrame();
      if (ctx.signal.aborted) {
        pointerPhase(current, 'up', { point });
        return cancelled('The drag');
      }
    }
    pointerPhase(current, 'up', { point: end.point });
    return succeed(`Dragged ${name} to ${end.name}.`, { html5: false });
  },
});
