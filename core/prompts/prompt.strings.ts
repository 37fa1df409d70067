import { matchLocale } from './locale-match.js';

/** The fixed words the prompt builders put around the host's and the page's text, per locale. Labels end with their colon. */
export interface PromptStrings {
  identity(agentName: string | undefined, siteName: string | undefined): string;
  personaHeading: string;
  brandHeading: string;
  productLabel: string;
  voiceLabel: string;
  rulesLabel: string;
  languageHeading: string;
  language(locale: string | undefined): string;
  sitemapHeading: string;
  sitemapIntro: string;
  toolsHeading: string;
  toolsIntro: string;
  taskHeading: string;
  pageHeading: string;
  urlLabel: string;
  titleLabel: string;
  selectionHeading: string;
  selectedElementsLabel: string;
  historyHeading: string;
  todosHeading: string;
  requestHeading: string;
}

const en: PromptStrings = {
  identity: (agentName, siteName) =>
    `You are ${agentName ? `${agentName}, ` : ''}the assistant built into ${siteName ?? 'this website'}. ` +
    'You help visitors by explaining the site and by operating its pages for them: you say what you do while you point at, click, fill and navigate.',
  personaHeading: '# Persona',
  brandHeading: '# Brand',
  productLabel: 'Product: ',
  voiceLabel: 'Voice: ',
  rulesLabel: 'Never break these rules:',
  languageHeading: '# Language',
  language: (locale) =>
    `Reply in the language the user writes in${locale ? ` (the site's language is ${locale})` : ''}.`,
  sitemapHeading: '# Site map',
  sitemapIntro: 'The pages you can go to. [auth] needs a signed-in visitor and [admin] an administrator, for that page and the pages under it.',
  toolsHeading: '# Tools',
  toolsIntro: 'Use only these tools, with these arguments (? marks an optional one).',
  taskHeading: '# Task',
  pageHeading: '# Current page',
  urlLabel: 'URL: ',
  titleLabel: 'Title: ',
  selectionHeading: '# Selection',
  selectedElementsLabel: 'Selected elements: ',
  historyHeading: '# Steps so far',
  todosHeading: '# Plan',
  requestHeading: '# Request',
};

const zhTW: PromptStrings = {
  identity: (agentName, siteName) =>
    `你是${agentName ? `${agentName}，` : ''}${siteName ?? '這個網站'}內建的助理。` +
    '你幫助訪客了解網站，並替他們操作頁面：你一邊指出、點擊、填寫與切換頁面，一邊說明你在做什麼。',
  personaHeading: '# 角色',
  brandHeading: '# 品牌',
  productLabel: '產品：',
  voiceLabel: '語氣：',
  rulesLabel: '絕不違反以下規則：',
  languageHeading: '# 語言',
  language: (locale) => `用使用者書寫的語言回覆${locale ? `（網站語言為 ${locale}）` : ''}。`,
  sitemapHeading: '# 網站地圖',
  sitemapIntro: '你可以前往的頁面。[auth] 需要訪客已登入，[admin] 需要管理員身分，適用於該頁及其下所有頁面。',
  toolsHeading: '# 工具',
  toolsIntro: '只使用以下工具，並依所列參數呼叫（? 表示可省略）。',
  taskHeading: '# 任務',
  pageHeading: '# 目前頁面',
  urlLabel: '網址：',
  titleLabel: '標題：',
  selectionHeading: '# 選取內容',
  selectedElementsLabel: '選取的元素：',
  historyHeading: '# 已做的步驟',
  todosHeading: '# 計畫',
  requestHeading: '# 要求',
};

const byLocale: Record<string, PromptStrings> = { en, 'zh-TW': zhTW };

/** The strings for `locale`, else those of the same language, else English. */
export function promptStrings(locale: string | undefined): PromptStrings {
  return byLocale[matchLocale(locale, Object.keys(byLocale)) ?? 'en']!;
}
