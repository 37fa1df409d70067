import { lazyModule } from '../util/lazy-module.js';

export type Parse5 = typeof import('parse5');

/** The drop-in bundle keeps parse5 in its own chunk, fetched only when an HTML region is parsed. */
const parse5 = lazyModule<Parse5>('parse5 (the HTML parser for region edits)', () => import('parse5'));

/** Loads parse5 once, on first use; a failed load is not kept, so a later call tries again. */
export function loadParse5(): Promise<Parse5> {
  return parse5.load();
}
