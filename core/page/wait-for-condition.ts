// How often a condition is checked when no DOM change reports what it waits for.
const POLL_MS = 250;

/**
 * Resolves `true` once `condition` holds, checking on every DOM change (batched) and on a slow
 * poll for changes that no mutation reports (CSS transitions, layout); `false` on timeout or abort.
 */
export function waitForCondition(condition: () => boolean, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  if (condition()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let scheduled = false;
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        check();
      });
    });
    const poll = setInterval(check, POLL_MS);
    const timer = setTimeout(() => finish(false), timeoutMs);
    const onAbort = () => finish(false);
    signal.addEventListener('abort', onAbort, { once: true });
    observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
    function check() {
      if (condition()) finish(true);
    }
    function finish(met: boolean) {
      observer.disconnect();
      clearInterval(poll);
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(met);
    }
  });
}
