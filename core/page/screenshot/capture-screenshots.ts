import { loadHtml2canvas, type Html2canvas } from '../lazy-html2canvas.js';

/**
 * Pictures of the page for a vision-capable model, taken with html2canvas (loaded only when a
 * capture is asked for). Any failure yields no images and a reason: the agent carries on with
 * the page's text alone.
 */

export type ScreenshotMode = 'viewport' | 'full-page';

export interface ScreenshotConfig {
  /** `false` turns capture off (no images, html2canvas never loaded). Default true. */
  enabled?: boolean;
  /** What to capture. Default `'viewport'`. */
  mode?: ScreenshotMode;
  /** Resolution factor, 0.1–2. Default 0.75. */
  scale?: number;
  /** JPEG quality, 0.1–1. Default 0.75. */
  quality?: number;
  /** At most this many images per capture, 1–10. Default 3. */
  maxImages?: number;
  /** A full-page capture is cut into segments at most this tall, in CSS pixels. Default 4000. */
  maxSegmentHeight?: number;
  /** The host's own capture: when set, html2canvas is not loaded. Returns data (or remote) URLs. */
  capture?: (mode: ScreenshotMode) => Promise<string[]>;
  /** Where html2canvas comes from. Default: the kit's lazy loader. */
  loadRenderer?: () => Promise<Html2canvas>;
}

export type ScreenshotSkipReason = 'disabled' | 'no_document' | 'unavailable' | 'capture_failed' | 'empty';

export interface ScreenshotOutcome {
  images: string[];
  /** Why no images came back; absent when there are images. */
  skipped?: { reason: ScreenshotSkipReason; detail: string };
}

function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(value, min), max);
}

function skipped(reason: ScreenshotSkipReason, detail: string): ScreenshotOutcome {
  return { images: [], skipped: { reason, detail } };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

function regions(mode: ScreenshotMode, maxSegmentHeight: number, maxImages: number): Region[] {
  const width = document.documentElement.clientWidth || innerWidth;
  if (mode === 'viewport') {
    return [{ x: scrollX, y: scrollY, width, height: document.documentElement.clientHeight || innerHeight }];
  }
  const total = Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0);
  const list: Region[] = [];
  for (let y = 0; y < total && list.length < maxImages; y += maxSegmentHeight) {
    list.push({ x: 0, y, width, height: Math.min(maxSegmentHeight, total - y) });
  }
  return list;
}

/** Captures the page and says why when it could not. */
export async function captureScreenshotOutcome(config: ScreenshotConfig = {}): Promise<ScreenshotOutcome> {
  if (config.enabled === false) return skipped('disabled', 'Screenshots are turned off (screenshot.enabled is false).');
  const mode: ScreenshotMode = config.mode === 'full-page' ? 'full-page' : 'viewport';
  const maxImages = Math.floor(clamp(config.maxImages, 3, 1, 10));

  if (config.capture) {
    try {
      const images = (await config.capture(mode)).filter((url) => typeof url === 'string' && url.length > 0).slice(0, maxImages);
      return images.length ? { images } : skipped('empty', 'The screenshot.capture function returned no images.');
    } catch (error) {
      return skipped('capture_failed', `The screenshot.capture function failed: ${errorText(error)}`);
    }
  }
  if (typeof document === 'undefined') return skipped('no_document', 'There is no page to capture here.');

  let render: Html2canvas;
  try {
    render = await (config.loadRenderer ?? loadHtml2canvas)();
  } catch (error) {
    return skipped('unavailable', errorText(error));
  }
  const scale = clamp(config.scale, 0.75, 0.1, 2);
  const quality = clamp(config.quality, 0.75, 0.1, 1);
  const maxSegmentHeight = Math.floor(clamp(config.maxSegmentHeight, 4000, 200, 16_000));
  const images: string[] = [];
  try {
    for (const region of regions(mode, maxSegmentHeight, maxImages)) {
      const canvas = await render(document.documentElement, {
        ...region,
        scale,
        logging: false,
        useCORS: true,
        windowWidth: document.documentElement.clientWidth || innerWidth,
        windowHeight: document.documentElement.clientHeight || innerHeight,
      });
      const url = canvas.toDataURL('image/jpeg', quality);
      if (url.startsWith('data:image/')) images.push(url);
    }
  } catch (error) {
    return skipped('capture_failed', `html2canvas could not render the page: ${errorText(error)}`);
  }
  return images.length ? { images } : skipped('empty', 'The page rendered to an empty image.');
}

/** Captures the page as data URLs; `[]` when capture is off or fails (see captureScreenshotOutcome for why). */
export async function captureScreenshots(config: ScreenshotConfig = {}): Promise<string[]> {
  return (await captureScreenshotOutcome(config)).images;
}
