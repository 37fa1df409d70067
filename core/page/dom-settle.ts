/**
 * Waits for a page to stop changing after a navigation or an action: one animation frame (the
 * router's render), then until the DOM has been quiet for `quietMs`, never longer than `maxMs`.
 * Touches the DOM only when called.
 */
import type { SettleOptions } from '../agent/web-agent/web-agent.types.js';

export function waitForDomSettle(options: SettleOptions, root: Node = document): Promise<void> {
  const { quietMs, maxMs, signal } = options;
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let observer: MutationObserver | undefined;
    const finish = () => {
      clearTimeout(quietTimer);
      clearTimeout(deadline);
      observer?.disconnect();
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const restartQuiet = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(finish, quietMs);
    };
    const deadline = setTimeout(finish, maxMs);
    signal.addEventListener('abort', finish, { once: true });
    afterNextFrame(() => {
      if (signal.aborted) return;
      observer = new MutationObserver(restartQuiet);
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      restartQuiet();
    });
  });
}

/** The next animation frame, or a short timeout in a background tab that paints none. */
function afterNextFrame(callback: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const timer = setTimeout(run, 50);
  requestAnimationFrame(() => {
    clearTimeout(timer);
    run();
  });
}
