/**
 * Helpers for tests that may run in a page the runner keeps hidden (it runs two files at once and
 * only one page is in front). A hidden page gets no animation frames and acknowledges no real
 * input, so nothing here waits for a frame: open-wc's `fixture` does, for plain elements.
 */
import { render, type TemplateResult } from 'lit';

const mounted: HTMLElement[] = [];

/** Renders `template` into a fresh container in the body and returns its first element. */
export function mount<T extends Element = HTMLElement>(template: TemplateResult): T {
  const container = document.createElement('div');
  document.body.append(container);
  mounted.push(container);
  render(template, container);
  return container.firstElementChild as T;
}

/** Removes everything `mount` added. */
export function unmountAll(): void {
  for (const container of mounted.splice(0)) container.remove();
}

/** Lets timers and observers run; a timer, not requestAnimationFrame. */
export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds; fails after `ms`. */
export async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await tick(10);
  }
}
