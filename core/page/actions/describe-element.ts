/** Short, model-readable descriptions of elements for action messages. */

const MAX_TEXT = 40;

function squash(text: string | null | undefined): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

function textOfIds(el: Element, ids: string): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  return ids
    .split(/\s+/)
    .map((id) => (id ? root.getElementById?.(id)?.textContent ?? '' : ''))
    .join(' ');
}

/** The name a user would read for a control: aria-labelledby, aria-label, its labels, placeholder, title. */
export function accessibleLabel(el: Element): string {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = squash(textOfIds(el, labelledBy));
    if (text) return text;
  }
  const ariaLabel = squash(el.getAttribute('aria-label'));
  if (ariaLabel) return ariaLabel;
  const labels = (el as HTMLInputElement).labels;
  if (labels && labels.length > 0) {
    const text = squash([...labels].map((label) => label.textContent).join(' '));
    if (text) return text;
  }
  const placeholder = squash(el.getAttribute('placeholder'));
  if (placeholder) return placeholder;
  return squash(el.getAttribute('title'));
}

/** e.g. `button "Save"`, `input[type=email] "Email"`, `a "Pricing" (/pricing)`. */
export function describeElement(el: Element): string {
  const tag = el.localName;
  const type = tag === 'input' ? `[type=${(el as HTMLInputElement).type}]` : '';
  const role = el.getAttribute('role');
  const head = `${tag}${type}${role ? `[role=${role}]` : ''}`;
  let name = accessibleLabel(el);
  if (!name && tag !== 'input' && tag !== 'textarea' && tag !== 'select') {
    name = squash((el as HTMLElement).innerText ?? el.textContent);
  }
  if (!name) name = squash(el.getAttribute('name') ?? el.id);
  const href = tag === 'a' ? el.getAttribute('href') : null;
  return `${head}${name ? ` ${JSON.stringify(name)}` : ''}${href ? ` (${squash(href)})` : ''}`;
}
