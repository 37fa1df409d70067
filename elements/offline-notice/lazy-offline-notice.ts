import { lazyModule } from '../../core/util/lazy-module.js';

// The notice's model, strings, styles and gestures stay out of the first download: a page fetches
// them only when its controller runs offline.
export const offlineNoticeUi = lazyModule('the offline notice', () => import('./offline-notice-ui.js'));
