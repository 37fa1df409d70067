export {
  captureScreenshots,
  captureScreenshotOutcome,
  type ScreenshotConfig,
  type ScreenshotMode,
  type ScreenshotOutcome,
  type ScreenshotSkipReason,
} from './capture-screenshots.js';
