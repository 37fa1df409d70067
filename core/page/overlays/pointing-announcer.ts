/**
 * Says to screen readers what the agent points at: one polite live region for the page, visually
 * hidden, left out of the agent's own reading and of screenshots. The overlays themselves are
 * decoration (their layer is hidden from assistive technology); this is their words.
 */

const ANNOUNCER_ID = 'dddk-pointing-announcer';
const VISUALLY_HIDDEN = [
  'position: absolute',
  'width: 1px',
  'height: 1px',
  'margin: -1px',
  'padding: 0',
  'border: 0',
  'overflow: hidden',
  'clip: rect(0 0 0 0)',
  'clip-path: inset(50%)',
  'white-space: nowrap',
].join('; ');

let region: HTMLElement | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

/** The live region, created (or put back, if the page removed it) on first use. */
export function pointingAnnouncer(): HTMLElement {
  if (region && region.isConnected && region.ownerDocument === document) return region;
  const element = document.createElement('div');
  element.id = ANNOUNCER_ID;
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  element.setAttribute('aria-atomic', 'true');
  element.setAttribute('data-dddk-skip', '');
  element.setAttribute('data-html2canvas-ignore', 'true');
  element.setAttribute('style', VISUALLY_HIDDEN);
  (document.body ?? document.documentElement).append(element);
  region = element;
  return element;
}

/**
 * Announces `text` politely. The region is emptied first and filled a moment later, so that the
 * same words said twice (the same element pointed at again) are still read.
 */
export function announcePointing(text: string): void {
  const live = pointingAnnouncer();
  clearTimeout(pending);
  live.textContent = '';
  pending = setTimeout(() => {
    live.textContent = text;
  }, 50);
}
