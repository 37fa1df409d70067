import { createStringTable } from '../i18n/create-string-table.js';

/** The words a visitor reads from the skills: refused settings, the setup form, missing arguments. */
export interface SkillStrings {
  /** Joins the items of a list in a sentence ("A, B, C"). */
  listSeparator: string;
  preferences: {
    required(title: string): string;
    /** A required checkbox left unchecked. */
    mustCheck(title: string): string;
    /** A text field handed something that is not text. */
    text(title: string): string;
    tooLong(title: string, max: number): string;
    /** A value that does not match the field's pattern, when the field gives no message of its own. */
    pattern(title: string): string;
    number(title: string): string;
    wholeNumber(title: string): string;
    numberRange(min: number, max: number): string;
    numberAtLeast(min: number): string;
    numberAtMost(max: number): string;
    /** `list` is the options' labels, joined by `listSeparator`. */
    choose(list: string): string;
    /** Shown in place of a choice whose options could not be loaded. */
    noChoices(title: string): string;
  };
  setup: {
    heading(skillName: string): string;
    intro: string;
    /** Added to the label of a field that must be filled. */
    requiredMark: string;
    /** The placeholder of a password field that already holds a value. */
    secretSaved: string;
    save: string;
    cancel: string;
  };
  commands: {
    /** `list` is the names of the arguments still to type, joined by `listSeparator`. */
    missingArguments(list: string): string;
  };
}

const en = (value: number): string => value.toLocaleString('en');
const zh = (value: number): string => value.toLocaleString('zh-TW');

const STRINGS: Record<'en' | 'zh-TW', SkillStrings> = {
  en: {
    listSeparator: ', ',
    preferences: {
      required: (title) => `Fill in “${title}”.`,
      mustCheck: (title) => `Check “${title}” to continue.`,
      text: (title) => `Enter “${title}” as text.`,
      tooLong: (title, max) => `Shorten “${title}” to ${en(max)} characters or fewer.`,
      pattern: (title) => `“${title}” is not in the expected format.`,
      number: (title) => `Enter a number for “${title}”.`,
      wholeNumber: (title) => `Enter a whole number for “${title}”.`,
      numberRange: (min, max) => `Enter a number from ${en(min)} to ${en(max)}.`,
      numberAtLeast: (min) => `Enter a number of at least ${en(min)}.`,
      numberAtMost: (max) => `Enter a number of at most ${en(max)}.`,
      choose: (list) => `Choose one of: ${list}.`,
      noChoices: (title) => `No choices for “${title}” are available right now.`,
    },
    setup: {
      heading: (name) => `Set up “${name}”`,
      intro: 'This command needs a few settings first. They are kept in this browser.',
      requiredMark: '(required)',
      secretSaved: 'Saved. Leave empty to keep it.',
      save: 'Save',
      cancel: 'Cancel',
    },
    commands: {
      missingArguments: (list) => `Type ${list} after the command.`,
    },
  },
  'zh-TW': {
    listSeparator: '、',
    preferences: {
      required: (title) => `請填寫「${title}」。`,
      mustCheck: (title) => `請勾選「${title}」以繼續。`,
      text: (title) => `「${title}」請輸入文字。`,
      tooLong: (title, max) => `「${title}」請縮短至 ${zh(max)} 個字元以內。`,
      pattern: (title) => `「${title}」的格式不正確。`,
      number: (title) => `「${title}」請輸入數字。`,
      wholeNumber: (title) => `「${title}」請輸入整數。`,
      numberRange: (min, max) => `請輸入 ${zh(min)} 到 ${zh(max)} 之間的數字。`,
      numberAtLeast: (min) => `請輸入不小於 ${zh(min)} 的數字。`,
      numberAtMost: (max) => `請輸入不大於 ${zh(max)} 的數字。`,
      choose: (list) => `請從下列選項中選擇一項：${list}。`,
      noChoices: (title) => `目前無法取得「${title}」的選項。`,
    },
    setup: {
      heading: (name) => `設定「${name}」`,
      intro: '此指令需要先完成幾項設定，設定會保存在這個瀏覽器中。',
      requiredMark: '（必填）',
      secretSaved: '已儲存。留空即保留原值。',
      save: '儲存',
      cancel: '取消',
    },
    commands: {
      missingArguments: (list) => `請在指令後輸入${list}。`,
    },
  },
};

/** The skills' strings for `locale` (same tag, else same language, else English), with the host's `addStrings(locale, { skills: … })` on top. */
export const skillStrings: (locale: string | undefined) => SkillStrings = createStringTable('skills', STRINGS);

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    skills: SkillStrings;
  }
}
