/** The web agent's own words, for the user and for the model, in the kit's locales. */
import { createStringTable } from '../../i18n/create-string-table.js';

export interface AgentStrings {
  /** The question before an action the gate holds back. */
  confirmAction(action: string, subject: string | undefined): string;
  /** The model's note on the first turn after a reload. */
  resumedNote: string;
  /** The model's note after the page moved. */
  navigatedNote(to: string): string;
  /** The model's note when a page the run loaded did not replace this one. */
  stayedNote(to: string): string;
  /** The model's note on the screenshots a turn carries. */
  screenshotsNote(count: number, wholePage: boolean): string;
  /** The model's note on the pictures the user attached to the request. */
  attachmentsNote(count: number): string;
  /** The headings of the `page_summary` and `history` context slots in the turn's prompt. */
  pageSummaryHeading: string;
  recentPagesHeading: string;
  memoryHeading: string;
  /** Shown with the Space hint before each action of a visitor-paced run: what comes next. */
  nextStep(what: string): string;
  /** What the subtitle bar's Stop button stops while a run is under way. */
  stopRun: string;
  /** The default closing line. */
  done: string;
  stopped: string;
  failed(reason: string): string;
  maxSteps(steps: number): string;
  feedbackQuestion: string;
  feedbackAccept: string;
  feedbackReject: string;
}

const en: AgentStrings = {
  confirmAction: (action, subject) => `The assistant wants to ${action}${subject ? ` ${subject}` : ''}. Allow it?`,
  resumedNote: 'The page was reloaded while you worked. Continue from the page as it is now; do not repeat steps already done.',
  navigatedNote: (to) => `The page moved to ${to}. Read it again before acting.`,
  stayedNote: (to) => `The page did not load ${to}; this is still the page it was. Read it again before acting.`,
  screenshotsNote: (count, wholePage) =>
    `${count === 1 ? 'The image is a screenshot' : `The ${count} images are screenshots`} of ${wholePage ? 'the whole page, top to bottom' : 'the visible part of the page'} as it is now. Act through the ids of the page text; the pictures only show how it looks.`,
  attachmentsNote: (count) =>
    `The user attached ${count === 1 ? 'an image' : `${count} images`} to the request, right after its text. ${count === 1 ? 'It shows' : 'They show'} what the user means; ${count === 1 ? 'it is' : 'they are'} not necessarily the page as it is now.`,
  pageSummaryHeading: '# Page summary',
  recentPagesHeading: '# Recent pages',
  memoryHeading: '# What you remember of this visitor (kept in their browser; who said each thing is noted)',
  nextStep: (what) => `Next: ${what}`,
  stopRun: 'Stop the assistant',
  done: 'Done.',
  stopped: 'Stopped.',
  failed: (reason) => `The assistant could not finish: ${reason}`,
  maxSteps: (steps) => `The assistant stopped after ${steps} steps without finishing.`,
  feedbackQuestion: 'Did that help?',
  feedbackAccept: 'Helpful',
  feedbackReject: 'Not helpful',
};

const zhTW: AgentStrings = {
  confirmAction: (action, subject) => `助理想要${action}${subject ? ` ${subject}` : ''}。允許嗎？`,
  resumedNote: '你工作時頁面重新載入了。請從目前的頁面繼續，不要重複已完成的步驟。',
  navigatedNote: (to) => `頁面已前往 ${to}。動作前請先重新閱讀頁面。`,
  stayedNote: (to) => `頁面沒有載入 ${to}，仍是原來的頁面。動作前請先重新閱讀頁面。`,
  screenshotsNote: (count, wholePage) =>
    `${count === 1 ? '這張圖片' : `這 ${count} 張圖片`}是${wholePage ? '整個頁面（由上而下）' : '頁面目前可見部分'}的截圖。請透過頁面文字中的 id 操作；圖片只呈現頁面的外觀。`,
  attachmentsNote: (count) => `使用者在請求文字後附上了${count === 1 ? '一張圖片' : ` ${count} 張圖片`}，用來說明他所指的內容；圖片不一定是頁面目前的樣子。`,
  pageSummaryHeading: '# 頁面摘要',
  recentPagesHeading: '# 最近瀏覽的頁面',
  memoryHeading: '# 你記得的這位訪客資訊（保存在對方的瀏覽器中，並註明每項由誰提供）',
  nextStep: (what) => `下一步：${what}`,
  stopRun: '停止助理',
  done: '完成。',
  stopped: '已停止。',
  failed: (reason) => `助理無法完成：${reason}`,
  maxSteps: (steps) => `助理在 ${steps} 個步驟後停止，尚未完成。`,
  feedbackQuestion: '這樣有幫助嗎？',
  feedbackAccept: '有幫助',
  feedbackReject: '沒幫助',
};


/** What the agent says for `locale`, with the host's `addStrings` on top. */
export const agentStrings: (locale: string | undefined) => AgentStrings = createStringTable('agent', { en, 'zh-TW': zhTW });

/** `delete_item` → `delete item`, for the user's eyes. */
export function humanToolName(name: string): string {
  return name.replace(/[_-]+/g, ' ').trim();
}

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../../i18n/string-tables.js' {
  interface StringTables {
    /** What the web agent says to the visitor (and notes to the model) around its actions. */
    agent: AgentStrings;
  }
}
