/** Choose an area, then picture it: the whole "capture area" gesture in one call. */
import { captureRectangle, type CaptureRectangleOptions } from './capture-rectangle.js';
import { pickRectangle, type PickRectangleOptions } from './pick-rectangle.js';

/** A PNG data URL of the area the visitor chose, or null when they cancelled; rejects when the capture fails. */
export async function captureArea(options: PickRectangleOptions & CaptureRectangleOptions = {}): Promise<string | null> {
  const rect = await pickRectangle(options);
  if (!rect) return null;
  // Let the overlay's removal reach the page before html2canvas clones it (a hidden page gets no frames: a timer stands in).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  return captureRectangle(rect, options);
}
