import { lazyModule, type LazyModule } from '../../util/lazy-module.js';
import type { HtmlSanitizer, SanitizePolicy } from './html-sanitizer.js';

/**
 * DOMPurify and the kit's policies stay out of the first download (their own chunk in the drop-in);
 * a sanitizer for a policy is built once, on first use, bound to this window.
 */
function lazySanitizer(policy: SanitizePolicy['name']): LazyModule<HtmlSanitizer> {
  return lazyModule('the HTML sanitizer', async () => {
    const [purify, module] = await Promise.all([import('dompurify'), import('./html-sanitizer.js')]);
    return module.createHtmlSanitizer(window, module.POLICIES[policy], purify.default);
  });
}

const sanitizers: Record<SanitizePolicy['name'], LazyModule<HtmlSanitizer>> = {
  reading: lazySanitizer('reading'),
  region: lazySanitizer('region'),
};

/** The sanitizer for `policy`; a failed load is not kept, so a later call tries again. */
export function loadHtmlSanitizer(policy: SanitizePolicy['name']): Promise<HtmlSanitizer> {
  return sanitizers[policy].load();
}

/**
 * A region's content as the live page keeps it: DOMPurify with the region policy, loaded on first
 * use. Browser only. The region editor checks, shows and stores what this returns.
 */
export async function sanitizeRegionHtml(html: string): Promise<string> {
  return (await loadHtmlSanitizer('region')).toHtml(html);
}
