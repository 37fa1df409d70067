export interface PaletteStrings {
  dialogLabel: string;
  inputLabel: string;
  placeholder: string;
  listboxLabel: string;
  /** Shown before the typed text in the single option. */
  askPrefix: string;
  /** Read by the polite status region: how many suggestions the list holds. */
  suggestionCount(count: number): string;
  hint: string;
  close: string;
  /** Shown in the subtitle bar when the controller has no agent to hand the text to. */
  agentUnavailable: string;
  agentFailed(reason: string): string;
}

const STRINGS: Record<'en' | 'zh-TW', PaletteStrings> = {
  en: {
    dialogLabel: 'Command palette',
    inputLabel: 'Ask the agent',
    placeholder: 'Ask anything about this site…',
    listboxLabel: 'Suggestions',
    askPrefix: 'Ask the agent:',
    suggestionCount: (count) => (count === 0 ? 'No suggestions' : count === 1 ? '1 suggestion' : `${count} suggestions`),
    hint: 'Enter to ask, Esc to close',
    close: 'Close',
    agentUnavailable: 'The agent is not available here: this controller has no startAgent().',
    agentFailed: (reason) => `The agent could not start: ${reason}`,
  },
  'zh-TW': {
    dialogLabel: '指令面板',
    inputLabel: '詢問助理',
    placeholder: '詢問關於本站的任何問題…',
    listboxLabel: '建議',
    askPrefix: '詢問助理：',
    suggestionCount: (count) => (count === 0 ? '沒有建議' : `${count} 個建議`),
    hint: '按 Enter 詢問，Esc 關閉',
    close: '關閉',
    agentUnavailable: '這裡無法使用助理：此控制器沒有 startAgent()。',
    agentFailed: (reason) => `助理無法啟動：${reason}`,
  },
};

/** The palette's own strings for `locale`; every Chinese locale reads the Traditional Chinese set, others English. */
export function paletteStrings(locale: string): PaletteStrings {
  return /^zh\b/i.test(locale) ? STRINGS['zh-TW'] : STRINGS.en;
}
