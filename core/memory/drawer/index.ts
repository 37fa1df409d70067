export { createDrawerIndex } from './drawer-index.js';
export type { DrawerEntry, DrawerHit, DrawerIndex, DrawerIndexOptions, DrawerSearchOptions } from './drawer.types.js';
