import { deepActiveElement } from '../../core/page/deep-active-element.js';

/** True when `node` is `host` or inside it, crossing shadow boundaries. */
export function composedContains(host: Element, node: Node | null): boolean {
  let current: Node | null = node;
  while (current) {
    if (current === host) return true;
    current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
  }
  return false;
}

/**
 * Remembers where focus was before an element took it (the opener), and gives it back afterwards,
 * but only if focus is still inside the element or was lost to the page body: a user who moved on
 * meanwhile keeps their place.
 */
export class FocusReturn {
  private target: HTMLElement | undefined;

  constructor(private readonly host: HTMLElement) {}

  /** Records the focused element unless it is inside the host (a prompt replacing a prompt keeps the first opener). */
  remember(): void {
    const active = deepActiveElement();
    if (active instanceof HTMLElement && active !== document.body && !composedContains(this.host, active)) {
      this.target = active;
    }
  }

  restore(): void {
    const target = this.target;
    this.target = undefined;
    const active = deepActiveElement();
    const focusIsOurs = active === null || active === document.body || composedContains(this.host, active);
    if (!target || !target.isConnected || !focusIsOurs) return;
    target.focus({ preventScroll: true });
  }

  forget(): void {
    this.target = undefined;
  }
}
