/**
 * Framework-proof value writes. React keeps its own copy of an input's value on the element and
 * only reports a change when the DOM value differs from it; writing through the prototype's setter
 * (rather than the element's own, which React wraps) makes the difference visible. Vue's `v-model`
 * and Svelte's `bind:value` listen for the same `input` event.
 */

function prototypeSetter(el: Element, property: 'value' | 'checked'): ((value: unknown) => void) | undefined {
  const view = el.ownerDocument.defaultView;
  const proto =
    el.localName === 'textarea' ? view?.HTMLTextAreaElement.prototype
    : el.localName === 'select' ? view?.HTMLSelectElement.prototype
    : view?.HTMLInputElement.prototype;
  return proto ? Object.getOwnPropertyDescriptor(proto, property)?.set : undefined;
}

export function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = prototypeSetter(el, 'value');
  if (setter) setter.call(el, value);
  else el.value = value;
}

/** Fires `input` then `change`, bubbling and composed, as typing followed by a commit would. */
export function dispatchValueEvents(el: Element, data: string | null): void {
  const view = el.ownerDocument.defaultView ?? window;
  el.dispatchEvent(new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data }));
  el.dispatchEvent(new view.Event('change', { bubbles: true, composed: true }));
}
