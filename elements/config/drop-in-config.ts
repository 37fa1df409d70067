// What the drop-in adds for pages configured by tags alone: host strings, and the page config in
// `<script type="application/json" data-dddk-config>`. The reader loads only on pages that have
// such a script, and it is applied before the drop-in registers its elements, so no element picks
// up an automatic default controller first.
import { PAGE_CONFIG_SELECTOR } from './page-config-selector.js';

export { addStrings, clearStrings, onStringsChange } from '../../core/i18n/string-registry.js';
export type { HostStrings, StringOverrides, StringTables } from '../../core/i18n/string-tables.js';
export type { AppliedPageConfig } from './apply-page-config.js';
export type { PageConfig, PageConfigProblem, ParsedPageConfig } from './page-config.types.js';
export type { DddkConfigErrorEvent } from './config-error.event.js';
export { PAGE_CONFIG_SELECTOR };

/** The page-config reader (`applyPageConfigs`, `parsePageConfig`, …), loaded on first call. */
export function loadPageConfig(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}

if (typeof document !== 'undefined' && document.querySelector(PAGE_CONFIG_SELECTOR)) {
  try {
    (await loadPageConfig()).applyPageConfigsOnLoad();
  } catch (error) {
    console.error('dddk: could not load the page-config reader; serve the chunks/ folder next to dddk.min.js.', error);
  }
}
