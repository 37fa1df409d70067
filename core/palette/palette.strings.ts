import { createStringTable } from '../i18n/create-string-table.js';
import type { PaletteActionKind } from './palette-item.types.js';
import type { PaletteErrorSource } from './palette.types.js';

export interface PaletteStrings {
  dialogLabel: string;
  inputLabel: string;
  placeholder: string;
  listboxLabel: string;
  /** Shown before the typed text in the row that hands it to the agent. */
  askPrefix: string;
  /** Describes the field while a prefix chip is in force, e.g. `Prefix “go”`. */
  prefixLabel(spelling: string): string;
  /** The name of the chip's button, which removes it. */
  removePrefix(spelling: string): string;
  /** Read by the polite status region: how many suggestions the list holds. */
  suggestionCount(count: number): string;
  hint: string;
  close: string;
  /** Shown in the subtitle bar when the controller has no agent to hand the text to. */
  agentFailed(reason: string): string;
  recent: string;
  loading: string;
  noMatches: string;
  back: string;
  cancel: string;
  streaming: string;
  allCategories: string;
  categoriesLabel: string;
  actionsLabel(itemName: string): string;
  actionsHint: string;
  detailLabel: string;
  resultLabel: string;
  /** The first breadcrumb while a skill's panel is shown: the palette itself, which leaves every panel. */
  panelsRoot: string;
  /** The name of the breadcrumb trail above a skill's panel. */
  breadcrumbsLabel: string;
  /** Read by the polite status region when a skill's panel comes on screen. */
  panelShown(title: string): string;
  /** The keys of a panel that takes over the field, in words. */
  panelHint: string;
  disabled: string;
  /** The default title of an action of each kind. */
  actionTitle: Record<PaletteActionKind, string>;
  error(source: PaletteErrorSource, subject: string | undefined, message: string): string;
}

const STRINGS: Record<'en' | 'zh-TW', PaletteStrings> = {
  en: {
    dialogLabel: 'Command palette',
    inputLabel: 'Ask the agent',
    placeholder: 'Ask anything about this site…',
    listboxLabel: 'Suggestions',
    askPrefix: 'Ask the agent:',
    prefixLabel: (spelling) => `Prefix “${spelling}”`,
    removePrefix: (spelling) => `Remove the prefix “${spelling}”`,
    suggestionCount: (count) => (count === 0 ? 'No suggestions' : count === 1 ? '1 suggestion' : `${count.toLocaleString('en')} suggestions`),
    hint: 'Enter to choose, Ctrl+Enter for the second action, Ctrl+K for all actions, Esc to go back',
    close: 'Close',
    agentFailed: (reason) => `The agent could not start: ${reason}`,
    recent: 'Recent',
    loading: 'Loading…',
    noMatches: 'No matches',
    back: 'Back',
    cancel: 'Stop',
    streaming: 'Writing…',
    allCategories: 'All',
    categoriesLabel: 'Categories',
    actionsLabel: (name) => `Actions for ${name}`,
    actionsHint: 'Enter to run, Esc to go back',
    detailLabel: 'Details',
    resultLabel: 'Result',
    panelsRoot: 'Commands',
    breadcrumbsLabel: 'Open panels',
    panelShown: (title) => `Showing “${title}”`,
    panelHint: 'Enter to send, Esc to go back',
    disabled: 'unavailable',
    actionTitle: {
      copy: 'Copy',
      insert: 'Insert into the field',
      'open-url': 'Open link',
      navigate: 'Go there',
      'agent-task': 'Ask the agent',
      'render-surface': 'Show',
      'run-skill': 'Run',
      custom: 'Run',
    },
    error: (source, subject, message) => {
      const what = subject ? `“${subject}”` : 'That';
      switch (source) {
        case 'browse':
          return `${what} could not list its items: ${message}`;
        case 'children':
          return `${what} could not open its list: ${message}`;
        case 'detail':
          return `The details could not load: ${message}`;
        case 'result':
          return `The result could not be shown: ${message}`;
        case 'search':
          return `Searching is not available: ${message}`;
        default:
          return `${what} failed: ${message}`;
      }
    },
  },
  'zh-TW': {
    dialogLabel: '指令面板',
    inputLabel: '詢問助理',
    placeholder: '詢問關於本站的任何問題…',
    listboxLabel: '建議',
    askPrefix: '詢問助理：',
    prefixLabel: (spelling) => `前綴「${spelling}」`,
    removePrefix: (spelling) => `移除前綴「${spelling}」`,
    suggestionCount: (count) => (count === 0 ? '沒有建議' : `${count.toLocaleString('zh-TW')} 個建議`),
    hint: 'Enter 選擇，Ctrl+Enter 執行次要動作，Ctrl+K 顯示所有動作，Esc 返回',
    close: '關閉',
    agentFailed: (reason) => `助理無法啟動：${reason}`,
    recent: '最近使用',
    loading: '載入中…',
    noMatches: '沒有符合的項目',
    back: '返回',
    cancel: '停止',
    streaming: '撰寫中…',
    allCategories: '全部',
    categoriesLabel: '分類',
    actionsLabel: (name) => `「${name}」的動作`,
    actionsHint: 'Enter 執行，Esc 返回',
    detailLabel: '詳細資料',
    resultLabel: '結果',
    panelsRoot: '指令',
    breadcrumbsLabel: '已開啟的面板',
    panelShown: (title) => `正在顯示「${title}」`,
    panelHint: 'Enter 送出，Esc 返回',
    disabled: '無法使用',
    actionTitle: {
      copy: '複製',
      insert: '插入欄位',
      'open-url': '開啟連結',
      navigate: '前往',
      'agent-task': '詢問助理',
      'render-surface': '顯示',
      'run-skill': '執行',
      custom: '執行',
    },
    error: (source, subject, message) => {
      const what = subject ? `「${subject}」` : '這個動作';
      switch (source) {
        case 'browse':
          return `${what}無法列出項目：${message}`;
        case 'children':
          return `${what}無法開啟清單：${message}`;
        case 'detail':
          return `無法載入詳細資料：${message}`;
        case 'result':
          return `無法顯示結果：${message}`;
        case 'search':
          return `目前無法搜尋：${message}`;
        default:
          return `${what}失敗：${message}`;
      }
    },
  },
};

/** The palette's own strings for `locale` (same tag, else same language, else English), with the host's `addStrings` on top. */
export const paletteStrings: (locale: string) => PaletteStrings = createStringTable('palette', STRINGS);

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    palette: PaletteStrings;
  }
}
