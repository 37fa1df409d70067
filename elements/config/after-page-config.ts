import { loadPageConfig } from './drop-in-config.js';
import { PAGE_CONFIG_SELECTOR } from './page-config-selector.js';

/**
 * Runs `next` once the page's config scripts are applied: at once on a page without one, else after
 * the config reader has loaded (and the document has been parsed, so every config script is there).
 * The drop-in registers its elements this way, so no element picks up an automatic default
 * controller before the configured one exists. No top-level await: the reader's chunk shares code
 * with the entry, and an entry still evaluating would wait on it forever.
 */
export function afterPageConfig(next: () => void): void {
  if (typeof document === 'undefined' || !document.querySelector(PAGE_CONFIG_SELECTOR)) {
    next();
    return;
  }
  loadPageConfig()
    .then(
      (reader) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            reader.applyPageConfigs();
            resolve();
          };
          if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', apply, { once: true });
          else apply();
        }),
    )
    .catch((error: unknown) => console.error('dddk: could not apply the page config; serve the chunks/ folder next to dddk.min.js.', error))
    .finally(next);
}
