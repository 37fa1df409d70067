// What the surface elements need only once there is something to show: validation, the model,
// the piece renderers, the frames and their styles. The elements load it with `import()`, so a
// page without surfaces never downloads it.
export { SurfaceElementView } from './surface-view.js';
export { PanelsView } from '../panel/panel-view.js';
export { PlacementsView } from './placements-view.js';
