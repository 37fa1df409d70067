import { createStringTable } from '../../i18n/create-string-table.js';
import { matchLocale } from '../../prompts/locale-match.js';

/** Everything the offline guide says to the visitor, per locale. Every sentence starts with the offline label. */
export interface GuideStrings {
  /** Marks every answer as coming from the offline guide, not from a model. */
  label: string;
  /** Quoting what the current page says about the topic. */
  pageSays(topic: string, quote: string): string;
  /** The page states two different answers; both are quoted and neither is taken as the answer. */
  pageDisagrees(topic: string, first: string, second: string): string;
  /** About to open another page of the site. */
  takingYouTo(title: string): string;
  /** The page that covers the topic, when the guide cannot open it itself. */
  pageCovers(title: string, path: string): string;
  /** Arrived on the page, but nothing on it matched closely. */
  hereIsPage(title: string): string;
  notFound: string;
  needsRequest: string;
  /** The previous step failed; `what` is the tool, `code` the loop's failure code. */
  stepFailed(what: string, code: string): string;
  /** Asked again after the answer was given. */
  nothingMore: string;
  /** Nothing answers it; these pages come closest. */
  closestPages(titles: readonly string[]): string;
  /** Arrived, and the page only comes close to the request. */
  closestIsPage(title: string): string;
  /** Opening a collapsed answer (a closed `<details>`) to read it. */
  opening(question: string): string;
  /** Filled these fields from the request, and left sending to the visitor. */
  filled(fields: readonly string[]): string;
  /** The request asks for a form this page does not have. */
  noForm: string;
  /** Running one of the site's own commands. */
  running(command: string): string;
}

const en: GuideStrings = {
  label: '(Offline guide)',
  pageSays: (topic, quote) => `Here is what this page says about ${topic}: “${quote}”`,
  pageDisagrees: (topic, first, second) => `I'm not sure: this page says two different things about ${topic}: “${first}” and “${second}”`,
  takingYouTo: (title) => `Taking you to ${title}…`,
  pageCovers: (title, path) => `The ${title} page (${path}) covers that.`,
  hereIsPage: (title) => `Here is the ${title} page.`,
  notFound: "I can't find that on this site.",
  needsRequest: 'Tell me what you are looking for, and I will look for it on this site.',
  stepFailed: (what, code) => `The last step did not work (${what}: ${code}), so I stopped here.`,
  nothingMore: 'That is all I can find offline.',
  closestPages: (titles) => `I can't find that on this site. The closest ${titles.length === 1 ? 'page is' : 'pages are'} ${titles.join(', ')}.`,
  closestIsPage: (title) => `I can't find exactly that; the ${title} page is the closest.`,
  opening: (question) => `Opening “${question}”…`,
  filled: (fields) => `I filled in ${fields.join(', ')}. Check them, then send the form yourself.`,
  noForm: "I can't find a form for that on this page.",
  running: (command) => `Running “${command}”.`,
};

const zhTW: GuideStrings = {
  label: '（離線導覽）',
  pageSays: (topic, quote) => `這個頁面關於「${topic}」的內容：「${quote}」`,
  pageDisagrees: (topic, first, second) => `我不確定：這個頁面關於「${topic}」有兩種不同的說法：「${first}」和「${second}」`,
  takingYouTo: (title) => `正在帶你前往「${title}」…`,
  pageCovers: (title, path) => `「${title}」頁面（${path}）有相關內容。`,
  hereIsPage: (title) => `這裡是「${title}」頁面。`,
  notFound: '我在這個網站上找不到相關內容。',
  needsRequest: '請告訴我你想找什麼，我會在這個網站上幫你找。',
  stepFailed: (what, code) => `上一個步驟沒有成功（${what}：${code}），所以我先停在這裡。`,
  nothingMore: '離線模式下我能找到的就是這些。',
  closestPages: (titles) => `我在這個網站上找不到相關內容。最接近的頁面：${titles.map((title) => `「${title}」`).join('、')}。`,
  closestIsPage: (title) => `我找不到完全相符的內容；最接近的是「${title}」頁面。`,
  opening: (question) => `正在展開「${question}」…`,
  filled: (fields) => `我已填好：${fields.join('、')}。請確認後再自行送出表單。`,
  noForm: '我在這個頁面上找不到相關的表單。',
  running: (command) => `正在執行「${command}」。`,
};

const byLocale: Record<string, GuideStrings> = { en, 'zh-TW': zhTW };

export const GUIDE_LOCALES: readonly string[] = Object.keys(byLocale);

/** The locale of `GUIDE_LOCALES` that serves `locale` (same tag, else same language), else undefined. */
export function guideLocale(locale: string | undefined): string | undefined {
  return matchLocale(locale, GUIDE_LOCALES);
}

/** The guide's answers for `locale`, with the host's `addStrings` on top. */
export const guideStrings: (locale: string | undefined) => GuideStrings = createStringTable('guide', { en, 'zh-TW': zhTW });

/** A sentence as the visitor hears it: the offline label first. */
export function labelled(strings: GuideStrings, sentence: string): string {
  const gap = strings.label.endsWith('）') ? '' : ' ';
  return `${strings.label}${gap}${sentence}`;
}

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../../i18n/string-tables.js' {
  interface StringTables {
    /** The offline guide's answers. */
    guide: GuideStrings;
  }
}
