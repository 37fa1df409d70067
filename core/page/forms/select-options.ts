import { describeElement } from '../actions/describe-element.js';
import { fail, succeed } from '../actions/results.js';
import type { ActionResult } from '../actions/types.js';
import { dispatchValueEvents } from './native-value.js';

/** How a requested option is matched: by its value, by the text the user reads, or either. */
export type OptionMatch = 'value' | 'label' | 'any';

export interface SelectedOptions {
  values: string[];
  labels: string[];
}

function optionLabel(option: HTMLOptionElement): string {
  return (option.label || option.text).replace(/\s+/g, ' ').trim();
}

function findOption(options: HTMLOptionElement[], wanted: string, match: OptionMatch): HTMLOptionElement | undefined {
  const needle = wanted.replace(/\s+/g, ' ').trim().toLowerCase();
  const byValue = match !== 'label';
  const byLabel = match !== 'value';
  return (
    (byValue ? options.find((o) => o.value === wanted) : undefined) ??
    (byLabel ? options.find((o) => optionLabel(o) === wanted.trim()) : undefined) ??
    (byLabel ? options.find((o) => optionLabel(o).toLowerCase() === needle) : undefined) ??
    (byValue ? options.find((o) => o.value.toLowerCase() === needle) : undefined)
  );
}

function listChoices(options: HTMLOptionElement[]): string {
  const shown = options.slice(0, 25).map((o) => (optionLabel(o) === o.value ? JSON.stringify(o.value) : `${JSON.stringify(optionLabel(o))} (value ${JSON.stringify(o.value)})`));
  return shown.join(', ') + (options.length > 25 ? `, and ${options.length - 25} more` : '');
}

/**
 * Selects exactly the requested options of a native `<select>` (in a multiple select, the others
 * are deselected), then fires `input` and `change`.
 */
export function selectOptions(select: HTMLSelectElement, wanted: string[], match: OptionMatch): ActionResult<SelectedOptions> {
  const name = describeElement(select);
  const options = [...select.options];
  if (!select.multiple && wanted.length > 1) {
    return fail('invalid_arguments', `${name} allows one choice only; got ${wanted.length}. Pass a single option.`);
  }
  const chosen: HTMLOptionElement[] = [];
  for (const item of wanted) {
    const option = findOption(options, item, match);
    if (!option) {
      const by = match === 'any' ? 'value or label' : match;
      return fail('invalid_arguments', `${name} has no option with ${by} ${JSON.stringify(item)}. Its options: ${listChoices(options)}.`);
    }
    if (option.disabled || (option.parentElement?.localName === 'optgroup' && (option.parentElement as HTMLOptGroupElement).disabled)) {
      return fail('not_interactive', `The option ${JSON.stringify(optionLabel(option))} of ${name} is disabled. Choose another.`);
    }
    chosen.push(option);
  }
  select.focus({ preventScroll: true });
  if (select.multiple) {
    for (const option of options) option.selected = chosen.includes(option);
  } else {
    select.selectedIndex = chosen[0] ? chosen[0].index : -1;
  }
  dispatchValueEvents(select, null);
  const selected = options.filter((o) => o.selected);
  if (chosen.some((o) => !o.selected)) {
    return fail('not_interactive', `${name} did not keep the selection; the page reset it. It may be a custom widget; click it and pick from its list instead.`);
  }
  const labels = selected.map(optionLabel);
  const message = chosen.length === 0 ? `Cleared the selection of ${name}.` : `Selected ${labels.map((l) => JSON.stringify(l)).join(', ')} in ${name}.`;
  return succeed(message, { values: selected.map((o) => o.value), labels });
}
