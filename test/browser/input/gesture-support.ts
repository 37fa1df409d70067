/** What the gesture tests of the subtitle bar share: waiting, and watching what Space did to the page. */
import type { DddkController } from '../../../core/controller/create-dddk.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await sleep(10);
  }
}

/** Controllers and listeners a test made, taken away after each test. */
export const created: DddkController[] = [];
export const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Records, for each Space reaching the window, whether its default (scrolling) was cancelled. A
 * background tab scrolls nothing, so the event says what the browser would have done.
 */
export function watchSpaceDefault(): boolean[] {
  const prevented: boolean[] = [];
  const listener = (event: KeyboardEvent) => {
    if (event.key === ' ') prevented.push(event.defaultPrevented);
  };
  window.addEventListener('keydown', listener);
  cleanups.push(() => window.removeEventListener('keydown', listener));
  return prevented;
}
