import type { Options } from 'html2canvas';

/** html2canvas's default export: renders an element of the page into a canvas. */
export type Html2canvas = (element: HTMLElement, options?: Partial<Options>) => Promise<HTMLCanvasElement>;

let pending: Promise<Html2canvas> | undefined;

/**
 * Loads html2canvas on first use. The drop-in bundle keeps it in its own chunk, fetched only when
 * a screenshot is needed. A failed load is not cached, so a later call tries again.
 */
export function loadHtml2canvas(): Promise<Html2canvas> {
  pending ??= import('html2canvas').then(
    (module: unknown) => {
      const render = defaultExport(module);
      if (typeof render !== 'function') {
        throw new Error('dddk: the html2canvas module loaded but has no callable default export');
      }
      return render as Html2canvas;
    },
    (cause: unknown) => {
      pending = undefined;
      throw new Error(
        'dddk: could not load html2canvas (screenshots). When using dddk.min.js, serve its chunks/ folder next to it.',
        { cause },
      );
    },
  );
  return pending;
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
