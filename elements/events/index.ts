export type { DddkShowEvent } from './show.js';
export type { DddkHideEvent } from './hide.js';
export type { DddkRequestCloseEvent, DddkRequestCloseSource } from './request-close.js';
