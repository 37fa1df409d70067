import type { Options } from 'html2canvas';
import { lazyModule } from '../util/lazy-module.js';

/** html2canvas's default export: renders an element of the page into a canvas. */
export type Html2canvas = (element: HTMLElement, options?: Partial<Options>) => Promise<HTMLCanvasElement>;

// The drop-in bundle keeps html2canvas in its own chunk, fetched only when a screenshot is needed.
const html2canvas = lazyModule('html2canvas (screenshots)', () =>
  import('html2canvas').then((module: unknown) => {
    const render = defaultExport(module);
    if (typeof render !== 'function') throw new Error('the html2canvas module loaded but has no callable default export');
    return render as Html2canvas;
  }),
);

/** Loads html2canvas on first use; a failed load is not kept, so a later call tries again. */
export function loadHtml2canvas(): Promise<Html2canvas> {
  return html2canvas.load();
}

// Bundlers hand over the ES module build (`default` is the function); Node's CommonJS interop may
// wrap it once more.
function defaultExport(module: unknown): unknown {
  let value = (module as { default?: unknown }).default;
  if (typeof value !== 'function' && value && typeof value === 'object' && 'default' in value) {
    value = (value as { default?: unknown }).default;
  }
  return value;
}
