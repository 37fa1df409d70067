/**
 * The visitor-text audit in a page that Chromium shows a node test (the demo, the built drop-in):
 * a script run before the page's own, which hands every visitor-facing text the kit's debug hook
 * sees to the test, where the audit checks it.
 */
import type { Page } from 'puppeteer-core';
import { checkVisitorText, collectingFindings, reportVisitorTextFinding } from './audit.js';

const BINDING = '__dddkVisitorText';

/** Watches what `page` shows its visitor, from its next document on, when this process collects findings. */
export async function auditPage(page: Page): Promise<void> {
  if (!collectingFindings()) return;
  await page.exposeFunction(BINDING, (channel: string, text: string) => checkVisitorText(`${channel} (${page.url()})`, text, reportVisitorTextFinding));
  await page.evaluateOnNewDocument(`(${pageWatcher})(${JSON.stringify(BINDING)})`);
}

/**
 * Runs in the page, as plain text (a compiled function could carry the compiler's helpers with it):
 * the same watchers as `visitorTextWatcher`, reporting texts instead of judging them.
 */
const pageWatcher = `(binding) => {
  const send = (channel, text) => {
    if (typeof text === 'string' && text !== '') window[binding]?.(channel, text);
  };
  const strings = (value, path) => {
    if (typeof value === 'string') send(path, value);
    else if (Array.isArray(value)) value.forEach((item, index) => strings(item, path + '[' + index + ']'));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, path + '.' + key);
  };
  globalThis[Symbol.for('dddk.debug-hook')] = {
    controller(controller) {
      let lastText = '';
      let lastPrompt;
      controller.subtitle.subscribe((state) => {
        if (!state.streaming && state.text !== lastText) send('subtitle', state.text);
        if (!state.streaming) lastText = state.text;
        if (state.prompt && state.prompt !== lastPrompt) {
          send('prompt', state.prompt.message);
          for (const option of state.prompt.options ?? []) send('prompt option', option.label);
        }
        lastPrompt = state.prompt;
      });
      controller.on('intent', (intent) => strings(intent, 'intent:' + (intent.kind ?? '?')));
    },
    agentEvent(event) {
      if (event.type === 'narrate-complete') send('narration', event.text);
      if (event.type === 'final') send('answer', event.summary);
    },
  };
}`;
