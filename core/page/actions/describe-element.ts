/** Short, model-readable descriptions of elements for action messages. */
import { accessibleName, flatText } from '../accessible-name.js';

const MAX_TEXT = 40;

function squash(text: string | null | undefined): string {
  const flat = flatText(text);
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

/** The name a user would read for a control (its accessible name), cut to a message's length. */
export function accessibleLabel(el: Element): string {
  return squash(accessibleName(el));
}

/** The name a visitor would give the element: its accessible name, else the text on it; empty when it has neither. */
export function visibleName(el: Element): string {
  return accessibleLabel(el) || squash((el as HTMLElement).innerText ?? el.textContent);
}

/** e.g. `button "Save"`, `input[type=email] "Email"`, `a "Pricing" (/pricing)`. */
export function describeElement(el: Element): string {
  const tag = el.localName;
  const type = tag === 'input' ? `[type=${(el as HTMLInputElement).type}]` : '';
  const role = el.getAttribute('role');
  const head = `${tag}${type}${role ? `[role=${role}]` : ''}`;
  let name = accessibleLabel(el);
  // An element with no name (a plain block, a list item) is told by the text on it.
  if (!name && tag !== 'input' && tag !== 'textarea' && tag !== 'select') {
    name = squash((el as HTMLElement).innerText ?? el.textContent);
  }
  if (!name) name = squash(el.getAttribute('name') ?? el.id);
  const href = tag === 'a' ? el.getAttribute('href') : null;
  return `${head}${name ? ` ${JSON.stringify(name)}` : ''}${href ? ` (${squash(href)})` : ''}`;
}
