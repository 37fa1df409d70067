import { createStringTable } from '../i18n/create-string-table.js';
import type { SubtitleActionName, SubtitleIndicatorKind, SubtitleType } from './subtitle.types.js';

export interface SubtitlePromptStrings {
  confirm: { accept: string; reject: string; hint: string };
  choice: {
    dismiss: string;
    freeTextLabel: string;
    freeTextSubmit: string;
    /** Says which digit keys pick an option; `count` is how many options have a digit (1 to 9). */
    hint(count: number): string;
  };
  text: { fieldLabel: string; submit: string; dismiss: string; hint: string };
  pause: { continue: string; stop: string; hint: string };
}

export interface SubtitleStrings {
  close: string;
  /** The labels of a message's buttons. */
  actions: Record<SubtitleActionName, string>;
  /** Said (politely) once the text is on the clipboard. */
  copied: string;
  /** Said when the browser refused the clipboard (e.g. an http page). */
  copyFailed: string;
  /** The visible page counter, e.g. "2 / 4". */
  pageCounter(page: number, pages: number): string;
  /** The page counter for screen readers, e.g. "Page 2 of 4". */
  pageLabel(page: number, pages: number): string;
  /** How to reach the next page. */
  nextPageHint: string;
  /** The accessible names of the activity indicators. */
  indicators: Record<SubtitleIndicatorKind, string>;
  /** Spoken before a notice whose meaning the bar shows by colour. */
  typeLabels: Partial<Record<SubtitleType, string>>;
  /** The Stop button of a running task, and what is said (politely) once it stopped. */
  task: { stop: string; stopped: string };
  prompt: SubtitlePromptStrings;
}

const STRINGS: { en: SubtitleStrings; 'zh-TW': SubtitleStrings } = {
  en: {
    close: 'Close subtitles',
    actions: { accept: 'Accept', reject: 'Reject', cancel: 'Cancel', copy: 'Copy' },
    copied: 'Copied',
    copyFailed: 'Could not copy',
    pageCounter: (page, pages) => `${page} / ${pages}`,
    pageLabel: (page, pages) => `Page ${page} of ${pages}`,
    nextPageHint: 'Space for more',
    indicators: { listening: 'Listening', processing: 'Working on it', done: 'Done' },
    typeLabels: { success: 'Done:', warning: 'Warning:', error: 'Error:', user: 'You said:' },
    task: { stop: 'Stop', stopped: 'Stopped.' },
    prompt: {
      confirm: { accept: 'Confirm', reject: 'Cancel', hint: 'Space or Enter to confirm, Esc to cancel' },
      choice: {
        dismiss: 'Dismiss',
        freeTextLabel: 'Or answer in your own words',
        freeTextSubmit: 'Send',
        hint: (count) => `Press ${count > 1 ? `1–${count}` : '1'} to choose, Esc to dismiss`,
      },
      text: { fieldLabel: 'Your answer', submit: 'Send', dismiss: 'Dismiss', hint: 'Enter to send, Esc to dismiss' },
      pause: { continue: 'Continue', stop: 'Stop', hint: 'Space to continue, Esc to stop' },
    },
  },
  'zh-TW': {
    close: '關閉字幕',
    actions: { accept: '接受', reject: '拒絕', cancel: '取消', copy: '複製' },
    copied: '已複製',
    copyFailed: '無法複製',
    pageCounter: (page, pages) => `${page} / ${pages}`,
    pageLabel: (page, pages) => `第 ${page} 頁，共 ${pages} 頁`,
    nextPageHint: '按空白鍵看下一頁',
    indicators: { listening: '聆聽中', processing: '處理中', done: '完成' },
    typeLabels: { success: '完成：', warning: '警告：', error: '錯誤：', user: '你說：' },
    task: { stop: '停止', stopped: '已停止。' },
    prompt: {
      confirm: { accept: '確認', reject: '取消', hint: '按空白鍵或 Enter 確認，Esc 取消' },
      choice: {
        dismiss: '略過',
        freeTextLabel: '或用自己的話回答',
        freeTextSubmit: '送出',
        hint: (count) => `按 ${count > 1 ? `1–${count}` : '1'} 選擇，Esc 略過`,
      },
      text: { fieldLabel: '你的回答', submit: '送出', dismiss: '略過', hint: '按 Enter 送出，Esc 略過' },
      pause: { continue: '繼續', stop: '停止', hint: '按空白鍵繼續，Esc 停止' },
    },
  },
};

/**
 * The bar's strings for `locale`: every Chinese locale reads the Traditional Chinese set, others
 * English, with the host's `addStrings(locale, { subtitle: … })` laid over them.
 */
export const subtitleStrings: (locale: string) => SubtitleStrings = createStringTable('subtitle', STRINGS);

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    subtitle: SubtitleStrings;
  }
}
