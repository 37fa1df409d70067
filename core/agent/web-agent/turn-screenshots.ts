/**
 * The pictures of the page for one turn. A capture can be impossible (html2canvas missing, no
 * document, a model that reads no images) or can fail; the turn then goes on with the page text
 * alone, and the reason goes to the event stream, never to the user.
 */
import type { LLMProvider } from '../../llm/types.js';
import { untilAborted } from '../../loop/abortable.js';
import { captureScreenshotOutcome, type ScreenshotOutcome } from '../../page/screenshot/capture-screenshots.js';
import { isOfflineGuide } from './offline-llm.js';
import type { WebAgentScreenshotConfig } from './agent-config.types.js';

/** A capture still busy after this long (an image or a font that never loads) is given up for the turn. */
export const SCREENSHOT_TIME_LIMIT_MS = 10_000;

/**
 * Captures the page for a turn whose pictures would go to `vision`. Rejects only with the run's
 * `RunStopped` when `signal` aborts; every other failure is an outcome without images.
 */
export async function captureTurnScreenshots(config: WebAgentScreenshotConfig, vision: LLMProvider, signal: AbortSignal): Promise<ScreenshotOutcome> {
  // The offline guide ranks text: capturing for it would only cost time.
  if (isOfflineGuide(vision)) {
    return { images: [], skipped: { reason: 'unavailable', detail: 'The offline guide reads no images; give config.llm a vision-capable model.' } };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeLimit = new Promise<ScreenshotOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ images: [], skipped: { reason: 'capture_failed', detail: `The capture took longer than ${SCREENSHOT_TIME_LIMIT_MS} ms and was given up for this turn.` } }),
      SCREENSHOT_TIME_LIMIT_MS,
    );
  });
  try {
    return await untilAborted(signal, Promise.race([captureScreenshotOutcome({ ...config, enabled: true }), timeLimit]));
  } finally {
    clearTimeout(timer);
  }
}
