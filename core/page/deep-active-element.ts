/**
 * The element that has focus, followed into open shadow roots: `document.activeElement` stops at a
 * component's host, while keys go to the field inside it.
 */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
