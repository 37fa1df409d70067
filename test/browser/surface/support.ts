import { fixture, html } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { defineSurface, type DddkSurface } from '../../../elements/surface/surface.js';

defineSurface();

const created: DddkController[] = [];
export function controller(): DddkController {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  return dddk;
}
export function destroyControllers(): void {
  for (const dddk of created.splice(0)) dddk.destroy();
}

export async function renderInline(surface: unknown, extra: { data?: Record<string, unknown> } = {}): Promise<DddkSurface> {
  const element = await fixture<DddkSurface>(html`<dddk-surface .surface=${surface} .data=${extra.data}></dddk-surface>`);
  await element.updateComplete;
  return element;
}

export function part(element: Element, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

export function parts(element: Element, name: string): HTMLElement[] {
  return [...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
}

/** Resolves when `predicate` holds, polling every 20 ms (frames stall in a background tab); fails after `timeout` ms. */
export async function until(predicate: () => boolean, what: string, timeout = 3000): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function nextEvent<T extends Event>(target: EventTarget, name: string, timeout = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ${name} event within ${timeout} ms`)), timeout);
    target.addEventListener(
      name,
      (event) => {
        clearTimeout(timer);
        resolve(event as T);
      },
      { once: true },
    );
  });
}
