/**
 * What the agent pointed at stays after its run ends, long enough to be seen: until the visitor moves
 * on (a click or tap, a key, Esc included, or scrolling it far out of view) or `ms` pass. Only the
 * overlays on the page at that moment are concerned; anything drawn or cleared later is not.
 */
import { listOverlays, removeOverlay } from './overlays.js';

/** How far out of view (in viewport heights) scrolling must take every pointed element to count as moving on. */
const FAR_AWAY_VIEWPORTS = 1;

let ending: (() => void) | undefined;

/** Keeps the overlays now on the page until the visitor moves on or `ms` pass; `ms <= 0` removes them at once. */
export function lingerOverlays(ms: number): void {
  ending?.();
  const items = listOverlays();
  if (items.length === 0) return;
  const remove = () => {
    for (const item of items) removeOverlay(item.id);
  };
  if (!(ms > 0)) {
    remove();
    return;
  }
  const stillShown = () => {
    const ids = new Set(listOverlays().map((item) => item.id));
    return items.filter((item) => ids.has(item.id));
  };
  const onInput = (event: Event) => {
    if (event.isTrusted) end();
  };
  const onScroll = () => {
    const shown = stillShown();
    if (shown.length === 0 || shown.every((item) => farOutOfView(item.target))) end();
  };
  const timer = setTimeout(() => end(), ms);
  const detach = () => {
    clearTimeout(timer);
    removeEventListener('pointerdown', onInput, true);
    removeEventListener('keydown', onInput, true);
    removeEventListener('scroll', onScroll, true);
    if (ending === detach) ending = undefined;
  };
  const end = () => {
    detach();
    remove();
  };
  addEventListener('pointerdown', onInput, { capture: true, passive: true });
  addEventListener('keydown', onInput, { capture: true });
  addEventListener('scroll', onScroll, { capture: true, passive: true });
  ending = detach;
}

/** Stops keeping the lingering overlays without removing them (what comes next decides). */
export function stopLingering(): void {
  ending?.();
}

function farOutOfView(target: Element): boolean {
  if (!target.isConnected) return true;
  const rect = target.getBoundingClientRect();
  const margin = innerHeight * FAR_AWAY_VIEWPORTS;
  return rect.bottom < -margin || rect.top > innerHeight + margin;
}
