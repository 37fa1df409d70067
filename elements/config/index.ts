export { applyPageConfigs, applyPageConfigsOnLoad, PAGE_CONFIG_SELECTOR, type AppliedPageConfig } from './apply-page-config.js';
export { parsePageConfig, checkPageConfig } from './parse-page-config.js';
export type { PageConfig, PageConfigProblem, ParsedPageConfig } from './page-config.types.js';
export type { DddkConfigErrorEvent } from './config-error.event.js';
