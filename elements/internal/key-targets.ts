// Deciding "is the user typing here?" from the event's innermost target (`composedPath()[0]`), so a
// field inside someone's shadow root counts as a field, not as its host element.

const NON_TEXT_INPUT_TYPES = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
  'slider',
  'treeitem',
]);

/** The element a keyboard event really started from, inside shadow roots included. */
export function keyTarget(event: Event): Element | undefined {
  const first = event.composedPath()[0];
  return first instanceof Element ? first : undefined;
}

/** Text is being entered there: keys such as Space, digits and Escape belong to it. */
export function isEditableTarget(target: Element | undefined): boolean {
  if (!target) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUT_TYPES.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return TEXT_ROLES.has(target.getAttribute('role') ?? '');
}

/** A control that Space or Enter activates by itself (a button, a link, a checkbox…). */
export function isKeyActivatedControl(target: Element | undefined): boolean {
  if (!target) return false;
  if (isEditableTarget(target)) return true;
  if (target instanceof HTMLButtonElement || target instanceof HTMLInputElement || target.localName === 'summary') return true;
  if (target instanceof HTMLAnchorElement && target.hasAttribute('href')) return true;
  return CONTROL_ROLES.has(target.getAttribute('role') ?? '');
}

/** An IME is composing: Enter, Space and Escape confirm or cancel the composition, not our action. */
export function isComposingKey(event: KeyboardEvent): boolean {
  // Chromium and WebKit report keyCode 229 for the key that ends a composition.
  return event.isComposing || event.keyCode === 229;
}

export function hasCommandModifier(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}

/** The focused element, followed into open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
