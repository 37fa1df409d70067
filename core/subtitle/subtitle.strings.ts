import type { SubtitleType } from './subtitle.types.js';

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
  /** Spoken before a notice whose meaning the bar shows by colour. */
  typeLabels: Partial<Record<SubtitleType, string>>;
  prompt: SubtitlePromptStrings;
}

const STRINGS: Record<'en' | 'zh-TW', SubtitleStrings> = {
  en: {
    close: 'Close subtitles',
    typeLabels: { success: 'Done:', warning: 'Warning:', error: 'Error:' },
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
    typeLabels: { success: '完成：', warning: '警告：', error: '錯誤：' },
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

/** The bar's own strings for `locale`; every Chinese locale reads the Traditional Chinese set, others English. */
export function subtitleStrings(locale: string): SubtitleStrings {
  return /^zh\b/i.test(locale) ? STRINGS['zh-TW'] : STRINGS.en;
}
