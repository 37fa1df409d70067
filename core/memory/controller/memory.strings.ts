import { createStringTable } from '../../i18n/create-string-table.js';

/** The visitor's words of the memory: the consent question and the surface that shows what is kept. */
export interface MemoryStrings {
  consentQuestion(siteName: string | undefined): string;
  consentAccept: string;
  consentReject: string;
  surface: {
    /** The palette row that opens it. */
    rowName: string;
    heading: string;
    intro: string;
    empty: string;
    tier: Record<'core' | 'episodic' | 'drawer', string>;
    by: Record<'visitor' | 'host' | 'model' | 'page', string>;
    forget: string;
    forgetAll: string;
    export: string;
    close: string;
    /** After a deletion that IndexedDB refused: the memory is gone from the page only. */
    forgetFailed: string;
  };
}

const STRINGS: Record<'en' | 'zh-TW', MemoryStrings> = {
  en: {
    consentQuestion: (site) => `May ${site ?? 'this site'}'s assistant remember what you tell it, in this browser only? You can see and delete it any time.`,
    consentAccept: 'Remember',
    consentReject: 'Do not remember',
    surface: {
      rowName: 'What do you remember about me?',
      heading: 'What the assistant remembers about you',
      intro: 'Kept in this browser only. Delete anything, or take a copy as JSON.',
      empty: 'Nothing yet.',
      tier: { core: 'Profile', episodic: 'An earlier visit', drawer: 'A note' },
      by: { visitor: 'you said it', host: 'the site said it', model: 'the assistant inferred it', page: 'read on a page, unverified' },
      forget: 'Delete',
      forgetAll: 'Delete everything',
      export: 'Export as JSON',
      close: 'Close',
      forgetFailed: 'That memory is gone from this page, but the browser could not delete its copy; try again later.',
    },
  },
  'zh-TW': {
    consentQuestion: (site) => `${site ?? '此網站'}的助理可以記住你告訴它的內容嗎？只保存在這個瀏覽器中，你隨時可以查看或刪除。`,
    consentAccept: '記住',
    consentReject: '不要記住',
    surface: {
      rowName: '你記得我的哪些事？',
      heading: '助理記得的關於你的事',
      intro: '只保存在這個瀏覽器中。你可以刪除任何一項，或匯出為 JSON。',
      empty: '目前沒有任何記憶。',
      tier: { core: '個人資料', episodic: '先前的造訪', drawer: '筆記' },
      by: { visitor: '你說的', host: '網站提供的', model: '助理推斷的', page: '從網頁讀到的，未經確認' },
      forget: '刪除',
      forgetAll: '全部刪除',
      export: '匯出為 JSON',
      close: '關閉',
      forgetFailed: '這項記憶已從此頁面移除，但瀏覽器無法刪除其副本；請稍後再試。',
    },
  },
};

export const memoryStrings: (locale: string | undefined) => MemoryStrings = createStringTable('memory', STRINGS);
