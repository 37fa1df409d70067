import type { DddkController } from '../controller/controller.types.js';
import { slotKey } from '../controller/slots.js';
import { withMemoryFallback } from '../storage/memory-fallback.js';
import { webStorage } from '../storage/web-storage.js';
import { createOfflineNoticeModel } from './offline-notice-model.js';
import { OFFLINE_NOTICE_SETTINGS } from './offline-notice-settings.js';
import type { OfflineNoticeModel } from './offline-notice.types.js';

const OFFLINE_NOTICE = slotKey<OfflineNoticeModel>('offline notice', (notice) => notice.dispose());

// Shared by the page's controllers: where sessionStorage fails, the page remembers until it unloads.
// A notice is not worth a storage event, so the switch to memory goes unsaid.
const sessionFlags = withMemoryFallback(webStorage('session'), () => undefined, 'sessionStorage');

/**
 * The controller's offline notice (its `offline notice` slot), made by the first view that asks for
 * it: that is when the notice shows, if it is to show at all (the agent runs offline, the config
 * leaves `offlineNotice` on, and the visitor has not seen it this session).
 */
export function controllerOfflineNotice(controller: DddkController): OfflineNoticeModel {
  return controller.slots.use(OFFLINE_NOTICE, () => {
    const settings = controller.slots.peek(OFFLINE_NOTICE_SETTINGS);
    return createOfflineNoticeModel({
      offline: settings?.show ?? false,
      storage: sessionFlags,
      ...(settings?.autoHideMs === undefined ? {} : { autoHideMs: settings.autoHideMs }),
    });
  });
}
