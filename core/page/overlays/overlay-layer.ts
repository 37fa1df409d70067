/**
 * The one element that holds every visual the kit paints over the page (overlays, the agent's
 * cursor). Its shadow root keeps the page's CSS out and ours in; it never takes pointer events,
 * is hidden from assistive technology, from the DOM reader and from screenshots.
 */

export const OVERLAY_LAYER_TAG = 'dddk-overlay-layer';

const HOST_STYLE = [
  'position: fixed',
  'inset: 0',
  'width: 100vw',
  'height: 100vh',
  'max-width: none',
  'max-height: none',
  'margin: 0',
  'padding: 0',
  'border: 0',
  'background: transparent',
  'overflow: hidden',
  'pointer-events: none',
  'z-index: 2147483646',
  'display: block',
  'color-scheme: normal',
].map((rule) => `${rule} !important`).join('; ');

const LAYER_CSS = `
:host { all: initial; }
.overlay {
  position: absolute;
  left: 0;
  top: 0;
  box-sizing: border-box;
  pointer-events: none;
  will-change: transform;
}
.overlay[data-type="highlight"] { background: var(--color); border-radius: 4px; }
.overlay[data-type="border"] { border: 3px solid var(--color); border-radius: 6px; }
.overlay[data-type="spotlight"] { border-radius: 6px; box-shadow: 0 0 0 200vmax var(--dim); }
.overlay[data-type="inject"] { width: auto !important; height: auto !important; }
.label, .overlay[data-type="inject"] {
  font: 600 12px/1.4 system-ui, sans-serif;
  color: #fff;
  background: var(--color);
  padding: 2px 8px;
  border-radius: 4px;
  white-space: pre-wrap;
  max-width: 320px;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3);
}
.label { position: absolute; left: -3px; bottom: 100%; margin-bottom: 4px; }
/* A highlight's colour is a translucent tint: its caption needs a solid ground to be read. */
.overlay[data-type="highlight"] .label { background: #1f2937; }
.overlay[hidden] { display: none; }
`;

export interface OverlayLayer {
  host: HTMLElement;
  root: ShadowRoot;
}

let layer: OverlayLayer | undefined;

/** The layer, created (or re-attached, if the page removed it) on first use. */
export function getOverlayLayer(): OverlayLayer {
  if (layer && layer.host.isConnected && layer.host.ownerDocument === document) return layer;
  if (layer && layer.host.ownerDocument === document) {
    (document.body ?? document.documentElement).append(layer.host);
    raiseOverlayLayer();
    return layer;
  }
  const host = document.createElement(OVERLAY_LAYER_TAG);
  host.setAttribute('data-dddk-skip', '');
  host.setAttribute('data-html2canvas-ignore', 'true');
  host.setAttribute('aria-hidden', 'true');
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = LAYER_CSS;
  root.append(style);
  (document.body ?? document.documentElement).append(host);
  layer = { host, root };
  raiseOverlayLayer();
  return layer;
}

/** The layer if it exists, without creating it. */
export function peekOverlayLayer(): OverlayLayer | undefined {
  return layer?.host.isConnected ? layer : undefined;
}

/**
 * Puts the layer in the top layer (as a manual popover) above anything opened before it, such as a
 * modal dialog, so an overlay on an element inside that dialog is not painted underneath it.
 */
export function raiseOverlayLayer(): void {
  const host = layer?.host;
  if (!host || typeof host.showPopover !== 'function') return;
  if (!host.hasAttribute('popover')) host.setAttribute('popover', 'manual');
  try {
    if (host.matches(':popover-open')) host.hidePopover();
    host.showPopover();
  } catch {
    // A detached or already-transitioning host keeps its fixed position and z-index instead.
  }
}
