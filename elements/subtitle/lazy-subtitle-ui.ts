import { lazyModule } from '../../core/util/lazy-module.js';

// The bar's rendering, styles, markdown, gestures and touch stay out of the first download: a page
// fetches them the first time a bar has something to show.
export const subtitleUiModule = lazyModule('the subtitle bar', () => import('./subtitle-ui.js'));
