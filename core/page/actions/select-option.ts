import { controlFor } from '../forms/fill-control.js';
import { selectOptions, type OptionMatch } from '../forms/select-options.js';
import { optionalEnum, requiredString, stringList } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { isRendered, isVisible } from './element-state.js';
import { fillWithAdapter } from './form-widgets.js';
import { performClick } from './pointer-actions.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { preparePointerTarget, resolveElement } from './target.js';
import { sleep } from './timing.js';
import type { ActionContext, ActionResult } from './types.js';

function text(el: Element): string {
  return (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim();
}

/** The listbox an ARIA combobox controls, once it is open. */
function listboxOf(combobox: Element): Element | undefined {
  const root = combobox.getRootNode() as Document | ShadowRoot;
  for (const attribute of ['aria-controls', 'aria-owns']) {
    for (const id of (combobox.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
      const found = root.getElementById(id);
      if (found && isVisible(found)) return found;
    }
  }
  return [...root.querySelectorAll('[role="listbox"]')].find(isVisible);
}

async function pickAriaOption(host: Element, wanted: string[], match: OptionMatch, ctx: ActionContext): Promise<ActionResult> {
  let listbox = host.getAttribute('role') === 'listbox' ? host : undefined;
  if (!listbox) {
    // A closed combobox opens on click; give it a moment to render its list.
    const ready = await preparePointerTarget(host, ctx, 'open');
    if (isFailure(ready)) return ready;
    performClick(ready.element, ready.point);
    for (let waited = 0; waited < 1_000 && !listbox; waited += 50) {
      listbox = listboxOf(host);
      if (!listbox && !(await sleep(50, ctx.signal))) return cancelled('The selection');
    }
  }
  if (!listbox) return fail('not_interactive', `${describeElement(host)} did not open a list of options. Click it and read the page to see what it shows.`);
  const options = [...listbox.querySelectorAll('[role="option"]')];
  const picked: string[] = [];
  for (const item of wanted) {
    const needle = item.trim().toLowerCase();
    const option =
      options.find((o) => match !== 'value' && text(o).toLowerCase() === needle) ??
      options.find((o) => match !== 'label' && (o.getAttribute('data-value') ?? o.id) === item);
    if (!option) {
      const names = options.slice(0, 25).map((o) => JSON.stringify(text(o))).join(', ');
      return fail('invalid_arguments', `${describeElement(host)} has no option ${JSON.stringify(item)}. Its options: ${names || 'none visible'}.`);
    }
    if (option.getAttribute('aria-disabled') === 'true') return fail('not_interactive', `The option ${JSON.stringify(text(option))} is disabled.`);
    const ready = await preparePointerTarget(option, ctx, 'choose');
    if (isFailure(ready)) return ready;
    performClick(ready.element, ready.point);
    picked.push(text(option));
  }
  return succeed(`Chose ${picked.map((p) => JSON.stringify(p)).join(', ')} in ${describeElement(host)}.`, { labels: picked });
}

export const selectOption = defineAction({
  name: 'select_option',
  description:
    'Choose one or more options of a select or listbox, by value or by the visible label. For a multiple select, pass a list: exactly those options end up selected.',
  parameters: schema.object(
    {
      target: schema.target('The element id of the select, listbox or combobox.'),
      option: {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
        description: 'The option (or options) to choose.',
      },
      match: { type: 'string', enum: ['value', 'label', 'any'], description: 'Match the option by value, label or either (default).' },
    },
    ['target', 'option'],
  ),
  async run(args, ctx): Promise<ActionResult> {
    const id = requiredString(args, 'target', 'the element id of the select');
    if (isFailure(id)) return id;
    const wanted = stringList(args, 'option');
    if (isFailure(wanted)) return wanted;
    const match = optionalEnum<OptionMatch>(args, 'match', ['value', 'label', 'any']);
    if (isFailure(match)) return match;
    const target = resolveElement(ctx, id);
    if (isFailure(target)) return target;
    const control = controlFor(target);
    const adapted = await fillWithAdapter([target, control], wanted, ctx, 'select');
    if (adapted) return adapted;
    if (control.localName === 'select') {
      const select = control as HTMLSelectElement;
      if (!isRendered(select)) {
        return fail('not_visible', `${describeElement(select)} is hidden; the page likely shows a custom list instead. Click that and choose from it.`);
      }
      if (select.matches(':disabled')) return fail('not_interactive', `${describeElement(select)} is disabled. Complete the fields that enable it first.`);
      return selectOptions(select, wanted, match ?? 'any');
    }
    const role = target.getAttribute('role');
    if (role === 'listbox' || role === 'combobox') return pickAriaOption(target, wanted, match ?? 'any', ctx);
    return fail('not_interactive', `${describeElement(target)} is not a select or listbox. Use click on the option you want, or fill_input for a text field.`);
  },
});
