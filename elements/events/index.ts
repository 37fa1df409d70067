export type { DddkShowEvent } from './show.js';
export type { DddkHideEvent } from './hide.js';
export type { DddkOpenEvent } from './open.js';
export type { DddkCloseEvent } from './close.js';
export type { DddkSubmitEvent } from './submit.js';
export type { DddkRequestCloseEvent, DddkRequestCloseSource } from './request-close.js';
export type { DddkRegionChangeEvent } from './region-change.js';
export type { DddkRegionConflictEvent } from './region-conflict.js';
