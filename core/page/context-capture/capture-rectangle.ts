/**
 * A picture of one area of the page, for a visitor's request: html2canvas (loaded on first use)
 * renders the page clipped to the area, at most `maxSide` pixels on the long side, as a PNG data URL.
 */
import { loadHtml2canvas, type Html2canvas } from '../lazy-html2canvas.js';
import type { RectangleLike } from './rectangle-geometry.js';

export interface CaptureRectangleOptions {
  /** The longest side of the picture, in pixels. Default 1024. */
  maxSide?: number;
  /** Where html2canvas comes from. Default: the kit's lazy loader. */
  loadRenderer?: () => Promise<Html2canvas>;
}

/** Rejects with an Error that says what failed (loading html2canvas, rendering, or reading the canvas). */
export async function captureRectangle(rect: RectangleLike, options: CaptureRectangleOptions = {}): Promise<string> {
  const { x, y } = rect;
  const width = Math.round(rect.width);
  const height = Math.round(rect.height);
  if (![x, y, width, height].every(Number.isFinite) || width < 1 || height < 1) {
    throw new TypeError(`captureRectangle(rect): rect must have finite x and y and a width and height of at least 1 px, got ${JSON.stringify(rect)}`);
  }
  const maxSide = Math.max(16, Math.floor(options.maxSide ?? 1024));
  const render = await (options.loadRenderer ?? loadHtml2canvas)();
  const scale = Math.min(globalThis.devicePixelRatio || 1, maxSide / Math.max(width, height));
  let canvas: HTMLCanvasElement;
  try {
    canvas = await render(document.documentElement, {
      x: x + scrollX,
      y: y + scrollY,
      width,
      height,
      scale,
      logging: false,
      useCORS: true,
      windowWidth: document.documentElement.clientWidth || innerWidth,
      windowHeight: document.documentElement.clientHeight || innerHeight,
    });
  } catch (cause) {
    throw new Error(`html2canvas could not render the area: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  const fitted = fit(canvas, maxSide);
  let url: string;
  try {
    url = fitted.toDataURL('image/png');
  } catch (cause) {
    // A cross-origin image without CORS taints the canvas.
    throw new Error(`the captured area could not be read back (an image from another site may block it): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  if (!url.startsWith('data:image/png;base64,') || fitted.width === 0 || fitted.height === 0) throw new Error('the capture produced an empty picture');
  return url;
}

/** The canvas itself, or a copy scaled down so its long side is at most `maxSide`. */
function fit(canvas: HTMLCanvasElement, maxSide: number): HTMLCanvasElement {
  const long = Math.max(canvas.width, canvas.height);
  if (long <= maxSide) return canvas;
  const ratio = maxSide / long;
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(canvas.width * ratio));
  out.height = Math.max(1, Math.round(canvas.height * ratio));
  out.getContext('2d')?.drawImage(canvas, 0, 0, out.width, out.height);
  return out;
}
