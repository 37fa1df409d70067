import { controlFor, fillControl } from '../forms/fill-control.js';
import { selectOptions } from '../forms/select-options.js';
import { requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { isCenterInViewport, isRendered } from './element-state.js';
import { fillWithAdapter } from './form-widgets.js';
import { cancelled, fail, isFailure } from './results.js';
import { resolveElement } from './target.js';
import type { ActionContext, ActionResult } from './types.js';

function readValue(args: Record<string, unknown>): string | ReturnType<typeof fail> {
  const value = args.value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return fail('invalid_arguments', '"value" is required: the text to enter, or "true"/"false" for a checkbox.');
}

/** Resolves the target, tries the widget adapters, and readies the control for a default fill. */
async function prepareField(
  args: Record<string, unknown>,
  ctx: ActionContext,
): Promise<{ target: Element; control: Element } | ReturnType<typeof fail>> {
  const id = requiredString(args, 'target', 'the element id of the field');
  if (isFailure(id)) return id;
  const target = resolveElement(ctx, id);
  if (isFailure(target)) return target;
  return { target, control: controlFor(target) };
}

async function showField(control: Element, ctx: ActionContext): Promise<ReturnType<typeof fail> | undefined> {
  const isHiddenInput = control.localName === 'input' && (control as HTMLInputElement).type === 'hidden';
  if (!isHiddenInput && !isRendered(control)) {
    return fail('not_visible', `${describeElement(control)} is hidden. Open the step, tab or section that shows it first.`);
  }
  if (!isHiddenInput && !isCenterInViewport(control)) control.scrollIntoView({ block: 'center', behavior: 'instant' });
  if (ctx.cursor && !isHiddenInput) {
    await ctx.cursor.moveTo(control, { signal: ctx.signal });
    if (ctx.signal.aborted) return cancelled('The fill');
  }
  return undefined;
}

export const fillInput = defineAction({
  name: 'fill_input',
  description:
    'Enter a value into a field: text inputs, textareas, editable regions, number/date/range inputs (value checked first), selects, checkboxes ("true"/"false") and radio buttons. Replaces what was there.',
  parameters: schema.object(
    {
      target: schema.target('The element id of the field (or its label).'),
      value: { type: ['string', 'number', 'boolean'], description: 'The value to enter.' },
    },
    ['target', 'value'],
  ),
  async run(args, ctx): Promise<ActionResult> {
    const value = readValue(args);
    if (isFailure(value)) return value;
    const field = await prepareField(args, ctx);
    if (isFailure(field)) return field;
    const adapted = await fillWithAdapter([field.target, field.control], [value], ctx, 'fill');
    if (adapted) return adapted;
    const hidden = await showField(field.control, ctx);
    if (hidden) return hidden;
    return fillControl(field.control, value);
  },
});

export const clearInput = defineAction({
  name: 'clear_input',
  description: 'Empty a field: text is removed, a checkbox is unchecked, a multiple select loses its choices.',
  parameters: schema.object({ target: schema.target('The element id of the field.') }, ['target']),
  async run(args, ctx): Promise<ActionResult> {
    const field = await prepareField(args, ctx);
    if (isFailure(field)) return field;
    const adapted = await fillWithAdapter([field.target, field.control], [''], ctx, 'clear');
    if (adapted) return adapted;
    const hidden = await showField(field.control, ctx);
    if (hidden) return hidden;
    const control = field.control;
    if (control.localName === 'input' && (control as HTMLInputElement).type === 'checkbox') return fillControl(control, 'false');
    if (control.localName === 'select') {
      const select = control as HTMLSelectElement;
      if (select.matches(':disabled')) return fail('not_interactive', `${describeElement(select)} is disabled.`);
      if (select.multiple) return selectOptions(select, [], 'value');
      const empty = [...select.options].find((option) => option.value === '');
      if (!empty) {
        return fail('invalid_arguments', `${describeElement(select)} has no empty choice, so it cannot be cleared. Select another option with select_option instead.`);
      }
      return selectOptions(select, [''], 'value');
    }
    return fillControl(control, '');
  },
});
