// What the Orchard palette lists besides "Ask the agent": a page jump under "go", a few actions
// (one of which the agent may use as a tool), and answers to common questions.
import { applyTheme, currentTheme } from './theme.js';

const PAGES = [
  { path: '/', name: 'Home', description: 'Boards, reminders and the weekly digest' },
  { path: '/pricing', name: 'Pricing', description: 'Seedling, Grove and Estate' },
  { path: '/docs', name: 'Docs', description: 'Getting started, CSV import, shortcuts, the API' },
  { path: '/cms', name: 'CMS draft', description: 'The spring launch page, with editable regions' },
  { path: '/contact', name: 'Contact sales', description: 'A form to reach the sales team' },
];

/**
 * @param {{ paletteQuestions(questions: object[], options?: object): object[] }} kit
 * @param {string} locale
 */
export function orchardPaletteItems(kit, locale) {
  return [
    {
      id: 'go',
      name: 'Go to a page…',
      description: 'Type "go" or "g", a space, then a page name',
      section: 'Navigation',
      icon: { builtin: 'arrow' },
      prefix: { match: ['go', 'g'], display: 'go' },
      browseSection: 'Pages',
      browse: () =>
        PAGES.map((page) => ({
          id: `page:${page.path}`,
          icon: { builtin: 'file' },
          name: page.name,
          description: page.description,
          actions: [{ kind: 'navigate', path: page.path }],
        })),
    },
    {
      id: 'theme',
      name: 'Switch light or dark theme',
      section: 'Actions',
      icon: { builtin: 'gear' },
      keywords: ['dark mode', 'light mode', 'appearance'],
      shortcut: 'Mod+Shift+L',
      bindShortcut: true,
      actions: [{ kind: 'custom', run: () => applyTheme(currentTheme() === 'dark' ? 'light' : 'dark') }],
      agentTool: { description: "Switches the site between its light and dark themes (the visitor's choice is remembered)." },
    },
    {
      id: 'copy-email',
      name: 'Copy the sales email',
      section: 'Actions',
      icon: { builtin: 'copy' },
      keywords: ['address', 'mail'],
      actions: [{ kind: 'copy', text: 'sales@orchard.example' }],
    },
    {
      id: 'tour',
      name: 'Give me a tour',
      section: 'Actions',
      icon: { builtin: 'sparkles' },
      keywords: ['overview', 'features', 'what is orchard'],
      actions: [{ kind: 'agent-task', task: 'Give me a short tour of what Orchard does.' }],
    },
    ...kit.paletteQuestions(
      [
        {
          id: 'free',
          question: { en: 'Is there a free plan?', 'zh-TW': '有免費方案嗎？' },
          answer: {
            en: 'Yes: **Seedling** is free for teams of up to three. Grove is $8 and Estate $16 per member per month.',
            'zh-TW': '有：**Seedling** 方案三人以內免費。Grove 每人每月 8 美元，Estate 16 美元。',
          },
          keywords: ['seedling', 'cost'],
        },
        {
          id: 'csv',
          question: { en: 'Can I bring my tasks from a spreadsheet?', 'zh-TW': '可以從試算表匯入工作嗎？' },
          answer: {
            en: 'Yes. Export a CSV with one task per row and drop it on a board; the Docs page lists the columns.',
            'zh-TW': '可以。把每列一項工作的 CSV 拖到看板上即可；欄位說明在說明文件頁。',
          },
          keywords: ['csv', 'import'],
        },
      ],
      { locale, answerFormat: 'markdown' },
    ),
  ];
}
