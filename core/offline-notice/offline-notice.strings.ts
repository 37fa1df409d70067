import { createStringTable } from '../i18n/create-string-table.js';

/** The notice's strings: component `offline-notice` for `addStrings`. */
export interface OfflineNoticeStrings {
  /** What the notice says: the assistant answers without a model. */
  text: string;
  /** The close button's accessible name. */
  dismiss: string;
}

const STRINGS: { en: OfflineNoticeStrings; 'zh-TW': OfflineNoticeStrings } = {
  en: {
    text: 'Offline mode: the assistant answers from this page and the site map, without an AI model.',
    dismiss: 'Dismiss the offline notice',
  },
  'zh-TW': {
    text: '離線模式：助理只根據這個頁面和網站地圖回答，沒有使用 AI 模型。',
    dismiss: '關閉離線通知',
  },
};

/** The notice's strings for `locale`, with the host's `addStrings(locale, { 'offline-notice': … })` on top. */
export const offlineNoticeStrings: (locale: string) => OfflineNoticeStrings = createStringTable('offline-notice', STRINGS);

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    'offline-notice': OfflineNoticeStrings;
  }
}
