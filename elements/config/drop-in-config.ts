// What the drop-in exports for pages configured by tags alone: host strings, and the page config in
// `<script type="application/json" data-dddk-config>`, whose reader loads only on pages that have
// such a script (see after-page-config.ts).
import { lazyModule } from '../../core/util/lazy-module.js';
import { PAGE_CONFIG_SELECTOR } from './page-config-selector.js';

export { addStrings, clearStrings, onStringsChange } from '../../core/i18n/string-registry.js';
export type { HostStrings, StringOverrides, StringTables } from '../../core/i18n/string-tables.js';
export type { AppliedPageConfig } from './apply-page-config.js';
export type { PageConfig, PageConfigProblem, ParsedPageConfig } from './page-config.types.js';
export type { DddkConfigErrorEvent } from './config-error.event.js';
export { PAGE_CONFIG_SELECTOR };

const pageConfigReader = lazyModule('the page-config reader', () => import('./index.js'));

/** The page-config reader (`applyPageConfigs`, `parsePageConfig`, …), loaded on first call. */
export function loadPageConfig(): Promise<typeof import('./index.js')> {
  return pageConfigReader.load();
}
