/** The visitor's words for effects: the questions asked before one happens, in the kit's locales. */
import { createStringTable } from '../i18n/create-string-table.js';
import type { EffectSubject } from './effect.types.js';

export type SecretName = 'password' | 'one-time-code' | 'payment';

export interface ConsentStrings {
  /** `the button "Delete account"`; an unnamed element is named by its role alone. */
  subject(subject: EffectSubject): string;
  activate(subject: string): string;
  /** `via`: the subject that submits; `form`: the form's own name; `host`: another site it goes to. */
  submit(via: string | undefined, form: string | undefined, host: string | undefined): string;
  leaveOrigin(host: string): string;
  newWindow(where: string): string;
  download(fileName: string | undefined, host: string | undefined): string;
  secretFill(kind: SecretName, subject: string): string;
  /** `subject`: the element the tool is given, when it names one. */
  hostAction(tool: string, subject: string | undefined): string;
  /** The page's own script sends a request: `method` and where it goes. */
  request(method: string, where: string): string;
  /** A second effect of the same action, said after the question. */
  alsoSubmits: string;
  alsoLeaves(host: string): string;
  alsoOpens(where: string): string;
  alsoDownloads(fileName: string | undefined): string;
}

const EN_ROLES: Record<EffectSubject['role'], string> = {
  button: 'button',
  link: 'link',
  checkbox: 'checkbox',
  radio: 'option',
  switch: 'switch',
  tab: 'tab',
  'menu-item': 'menu item',
  option: 'option',
  field: 'field',
  form: 'form',
  element: 'element',
};

const en: ConsentStrings = {
  subject: ({ role, name }) => `the ${EN_ROLES[role]}${name ? ` "${name}"` : ''}`,
  activate: (subject) => `Click ${subject}?`,
  submit: (via, form, host) => {
    const what = form ? `the form "${form}" on this page` : 'the form on this page';
    const verb = host ? `Send ${what} to ${host}` : `Submit ${what}`;
    return `${verb}${via ? ` with ${via}` : ''}?`;
  },
  leaveOrigin: (host) => `Leave this site for ${host}?`,
  newWindow: (where) => `Open ${where} in a new tab?`,
  download: (fileName, host) => (fileName ? `Download "${fileName}"?` : host ? `Download a file from ${host}?` : 'Download a file?'),
  secretFill: (kind, subject) => `Fill the ${kind === 'password' ? 'password' : kind === 'one-time-code' ? 'one-time code' : 'payment'} ${subject.replace(/^the /, '')}?`,
  hostAction: (tool, subject) => `Run "${tool}"${subject ? ` on ${subject}` : ''}?`,
  request: (method, where) => `Let the page send a ${method} request to ${where}?`,
  alsoSubmits: 'It also submits the form on this page.',
  alsoLeaves: (host) => `It also leaves this site for ${host}.`,
  alsoOpens: (where) => `It also opens ${where} in a new tab.`,
  alsoDownloads: (fileName) => (fileName ? `It also downloads "${fileName}".` : 'It also downloads a file.'),
};

const ZH_ROLES: Record<EffectSubject['role'], string> = {
  button: '按鈕',
  link: '連結',
  checkbox: '核取方塊',
  radio: '選項',
  switch: '開關',
  tab: '分頁標籤',
  'menu-item': '選單項目',
  option: '選項',
  field: '欄位',
  form: '表單',
  element: '元素',
};

const ZH_SECRETS: Record<SecretName, string> = { password: '密碼', 'one-time-code': '一次性驗證碼', payment: '付款' };

const zhTW: ConsentStrings = {
  subject: ({ role, name }) => `${ZH_ROLES[role]}${name ? `「${name}」` : ''}`,
  activate: (subject) => `要點按${subject}嗎？`,
  submit: (via, form, host) => {
    const what = form ? `這個頁面上的表單「${form}」` : '這個頁面上的表單';
    const how = via ? `用${via}` : '';
    return host ? `要${how}把${what}送到 ${host} 嗎？` : `要${how}送出${what}嗎？`;
  },
  leaveOrigin: (host) => `要離開本網站前往 ${host} 嗎？`,
  newWindow: (where) => `要在新分頁開啟 ${where} 嗎？`,
  download: (fileName, host) => (fileName ? `要下載「${fileName}」嗎？` : host ? `要從 ${host} 下載檔案嗎？` : '要下載檔案嗎？'),
  secretFill: (kind, subject) => `要填寫${ZH_SECRETS[kind]}${subject}嗎？`,
  hostAction: (tool, subject) => (subject ? `要對${subject}執行「${tool}」嗎？` : `要執行「${tool}」嗎？`),
  request: (method, where) => `要讓頁面向 ${where} 送出 ${method} 請求嗎？`,
  alsoSubmits: '這也會送出這個頁面上的表單。',
  alsoLeaves: (host) => `這也會離開本網站前往 ${host}。`,
  alsoOpens: (where) => `這也會在新分頁開啟 ${where}。`,
  alsoDownloads: (fileName) => (fileName ? `這也會下載「${fileName}」。` : '這也會下載檔案。'),
};

/** The questions for `locale`, with the host's `addStrings(locale, { effects: … })` on top. */
export const consentStrings: (locale: string | undefined) => ConsentStrings = createStringTable('effects', { en, 'zh-TW': zhTW });
