import { createStringTable } from '../../i18n/create-string-table.js';

/** The visitor's words of the memory: the consent question. */
export interface MemoryStrings {
  consentQuestion(siteName: string | undefined): string;
  consentAccept: string;
  consentReject: string;
}

const STRINGS: Record<'en' | 'zh-TW', MemoryStrings> = {
  en: {
    consentQuestion: (site) => `May ${site ?? 'this site'}'s assistant remember what you tell it, in this browser only? You can see and delete it any time.`,
    consentAccept: 'Remember',
    consentReject: 'Do not remember',
  },
  'zh-TW': {
    consentQuestion: (site) => `${site ?? '此網站'}的助理可以記住你告訴它的內容嗎？只保存在這個瀏覽器中，你隨時可以查看或刪除。`,
    consentAccept: '記住',
    consentReject: '不要記住',
  },
};

export const memoryStrings: (locale: string | undefined) => MemoryStrings = createStringTable('memory', STRINGS);
