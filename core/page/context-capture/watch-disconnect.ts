/**
 * Tells when an element leaves the document. Removal can happen in any ancestor tree (the document,
 * or the shadow root of a component holding the element), so each tree on the way up is observed.
 */

/** Calls `onGone` once, when `element` is no longer connected; returns a function that stops watching. */
export function watchDisconnect(element: Element, onGone: () => void): () => void {
  if (!element.isConnected) {
    onGone();
    return () => {};
  }
  let stopped = false;
  const observer = new MutationObserver(() => {
    if (stopped || element.isConnected) return;
    stop();
    onGone();
  });
  const stop = () => {
    stopped = true;
    observer.disconnect();
  };
  for (let root: Node = element.getRootNode(); ; root = (root as ShadowRoot).host.getRootNode()) {
    observer.observe(root, { childList: true, subtree: true });
    if (!(root instanceof ShadowRoot)) break;
  }
  return stop;
}
