import { findFormWidget, type FormWidgetContext } from '../forms/widget-registry.js';
import { describeElement } from './describe-element.js';
import { cancelled, fail, succeed } from './results.js';
import { sleep } from './timing.js';
import type { ActionContext, ActionResult } from './types.js';

/**
 * Lets a registered form-widget adapter fill the element (or the control behind it) when one
 * claims it. Returns undefined when no adapter applies, so the default fill runs.
 */
export async function fillWithAdapter(
  elements: Element[],
  values: string[],
  ctx: ActionContext,
  operation: FormWidgetContext['operation'],
): Promise<ActionResult<{ value: string; adapter: string }> | undefined> {
  let element: Element | undefined;
  let adapter;
  for (const candidate of new Set(elements)) {
    adapter = findFormWidget(candidate);
    if (adapter) {
      element = candidate;
      break;
    }
  }
  if (!adapter || !element) return undefined;
  const widgetCtx: FormWidgetContext = {
    signal: ctx.signal,
    operation,
    wait: async (ms) => {
      await sleep(Math.min(Math.max(ms, 0), 10_000), ctx.signal);
    },
  };
  const name = describeElement(element);
  for (const value of values) {
    let landed: boolean | void;
    try {
      landed = await adapter.fill(element, value, widgetCtx);
    } catch (error) {
      if (ctx.signal.aborted) return cancelled('The fill');
      const detail = error instanceof Error ? error.message : String(error);
      return fail('unknown', `The "${adapter.id}" widget could not take ${JSON.stringify(value)} in ${name}: ${detail.slice(0, 200)}. Try clicking the widget and choosing from it.`);
    }
    if (ctx.signal.aborted) return cancelled('The fill');
    if (landed === false) {
      return fail('not_interactive', `The "${adapter.id}" widget did not accept ${JSON.stringify(value)} in ${name}. Check the value against its options, or click the widget and choose.`);
    }
  }
  const shown = values.map((v) => JSON.stringify(v)).join(', ');
  const verb = operation === 'clear' ? `Cleared ${name}` : `Set ${name} to ${shown}`;
  return succeed(`${verb} (through the "${adapter.id}" widget).`, { value: values.join(', '), adapter: adapter.id });
}
