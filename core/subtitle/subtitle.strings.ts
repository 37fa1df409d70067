import type { SubtitleType } from './subtitle.types.js';

export interface SubtitleStrings {
  close: string;
  /** Spoken before a notice whose meaning the bar shows by colour. */
  typeLabels: Partial<Record<SubtitleType, string>>;
}

const STRINGS: Record<'en' | 'zh-TW', SubtitleStrings> = {
  en: {
    close: 'Close subtitles',
    typeLabels: { success: 'Done:', warning: 'Warning:', error: 'Error:' },
  },
  'zh-TW': {
    close: '關閉字幕',
    typeLabels: { success: '完成：', warning: '警告：', error: '錯誤：' },
  },
};

/** The bar's own strings for `locale`; every Chinese locale reads the Traditional Chinese set, others English. */
export function subtitleStrings(locale: string): SubtitleStrings {
  return /^zh\b/i.test(locale) ? STRINGS['zh-TW'] : STRINGS.en;
}
