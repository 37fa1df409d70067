import type { HtmlSanitizer, SanitizePolicy } from './html-sanitizer.js';

const pending = new Map<SanitizePolicy['name'], Promise<HtmlSanitizer>>();

/**
 * Loads DOMPurify on first use (its own chunk in the drop-in) and builds a sanitizer for `policy`,
 * once per policy. A failed load is not cached, so a later call tries again.
 */
export function loadHtmlSanitizer(policy: SanitizePolicy['name']): Promise<HtmlSanitizer> {
  let sanitizer = pending.get(policy);
  if (!sanitizer) {
    sanitizer = import('./html-sanitizer.js')
      .then((module) => module.createHtmlSanitizer(window, module.POLICIES[policy]))
      .catch((cause: unknown) => {
        pending.delete(policy);
        throw new Error('dddk: could not load the HTML sanitizer. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
      });
    pending.set(policy, sanitizer);
  }
  return sanitizer;
}
