import { border as drawBorder, highlight as drawHighlight, listOverlays, removeOverlay, spotlight as drawSpotlight } from '../overlays/overlays.js';
import { overlayStrings } from '../overlays/overlay.strings.js';
import { announcePointing } from '../overlays/pointing-announcer.js';
import { prefersReducedMotion } from '../overlays/reduced-motion.js';
import { optionalString, requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement, visibleName } from './describe-element.js';
import { isCenterInViewport, isVisible } from './element-state.js';
import { fail, isFailure, succeed } from './results.js';
import { resolveElement } from './target.js';
import type { ActionContext, ActionResult } from './types.js';

type Painter = (target: Element, options: { color?: string; label?: string }) => string;

async function point(args: Record<string, unknown>, ctx: ActionContext, paint: Painter, verb: string, done: string): Promise<ActionResult<{ overlayId: string }>> {
  const id = requiredString(args, 'target', 'an element id from the page reading');
  if (isFailure(id)) return id;
  const label = optionalString(args, 'label');
  if (isFailure(label)) return label;
  const color = optionalString(args, 'color');
  if (isFailure(color)) return color;
  const element = resolveElement(ctx, id);
  if (isFailure(element)) return element;
  const name = describeElement(element);
  if (!isVisible(element)) {
    return fail('not_visible', `Cannot ${verb} ${name}: it is hidden. Open the section that contains it first, or point at a visible element.`);
  }
  if (!isCenterInViewport(element)) {
    element.scrollIntoView({ block: 'center', behavior: prefersReducedMotion(ctx.reducedMotion) ? 'instant' : 'smooth' });
  }
  const options: { color?: string; label?: string } = {};
  if (label) options.label = label.slice(0, 80);
  if (color) options.color = color;
  const overlayId = paint(element, options);
  // The overlay is for the eyes; a screen reader hears what it points at.
  const strings = overlayStrings(ctx.locale);
  const spoken = visibleName(element);
  announcePointing(spoken ? strings.pointingAt(spoken, options.label) : strings.pointingAtUnnamed(options.label));
  return succeed(`${done} ${name}.`, { overlayId });
}

const params = schema.object(
  {
    target: schema.target('The element id to point at.'),
    label: schema.string('Optional short caption shown next to it.'),
    color: schema.string('Optional CSS colour.'),
  },
  ['target'],
);

export const border = defineAction({
  name: 'border',
  description: 'Draw a frame around an element to point the user at it while you talk about it.',
  parameters: params,
  run: (args, ctx) => point(args, ctx, drawBorder, 'frame', 'Framed'),
});

export const highlight = defineAction({
  name: 'highlight',
  description: 'Tint an element with a translucent colour, like a highlighter pen, to draw attention to it.',
  parameters: params,
  run: (args, ctx) => point(args, ctx, drawHighlight, 'highlight', 'Highlighted'),
});

export const spotlight = defineAction({
  name: 'spotlight',
  description: 'Dim the whole page except one element, to focus the user on it. A new spotlight replaces the previous one.',
  parameters: schema.object(
    { target: schema.target('The element id to spotlight.'), label: schema.string('Optional short caption.') },
    ['target'],
  ),
  run: (args, ctx) =>
    point(
      args,
      ctx,
      (target, options) => {
        for (const item of listOverlays()) if (item.type === 'spotlight') removeOverlay(item.id);
        return drawSpotlight(target, options.label ? { label: options.label } : {});
      },
      'spotlight',
      'Spotlit',
    ),
});
