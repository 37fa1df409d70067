export { createOfflineNoticeModel, OFFLINE_NOTICE_KEY, DEFAULT_OFFLINE_NOTICE_MS } from './offline-notice-model.js';
export { controllerOfflineNotice } from './controller-offline-notice.js';
export { connectOfflineNotice, type OfflineNoticeView, type OfflineNoticeKeyEvent } from './offline-notice.connect.js';
export { offlineNoticeStrings, type OfflineNoticeStrings } from './offline-notice.strings.js';
export type { OfflineNoticeConfig, OfflineNoticeModel, OfflineNoticeModelOptions, OfflineNoticeState } from './offline-notice.types.js';
