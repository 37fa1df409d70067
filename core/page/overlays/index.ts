export {
  highlight,
  border,
  spotlight,
  inject,
  removeOverlay,
  clearOverlays,
  listOverlays,
  repositionOverlays,
  type OverlayType,
  type OverlayItem,
  type OverlayOptions,
  type SpotlightOptions,
  type InjectOptions,
} from './overlays.js';
export { getOverlayLayer, OVERLAY_LAYER_TAG, type OverlayLayer } from './overlay-layer.js';
export { prefersReducedMotion } from './reduced-motion.js';
