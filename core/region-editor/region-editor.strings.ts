/** What a person is told about a refusal: the problem, and what to do about it. */
export interface RefusalReason {
  problem: string;
  fix: string;
}

/** One reason per code a target may give, and `other` for a refusal that came with none. */
export type RefusalReasons = Record<ValidationCode | 'other', RefusalReason>;

export interface RegionEditorStrings {
  toolbarLabel: string;
  regionsLabel: string;
  /** The name of a region without a label: its handle. */
  unnamedRegion(id: string): string;
  editing(label: string): string;
  instructionLabel: string;
  instructionPlaceholder: string;
  propose: string;
  stop: string;
  editSource: string;
  sourceLabel(label: string): string;
  save: string;
  cancel: string;
  accept: string;
  reject: string;
  refineLabel: string;
  refine: string;
  undo: string;
  redo: string;
  reload: string;
  close: string;
  /** The button drawn over a hovered region. */
  editRegion(label: string): string;
  offline: string;
  loading: string;
  streaming(attempt: number): string;
  streamLabel: string;
  diffLabel: string;
  added: string;
  removed: string;
  reviewReady: string;
  /** A proposal went back to the model; `problem` is one of `refusalReasons`. */
  refusedAttempt(problem: string): string;
  applied(label: string): string;
  rejected: string;
  undone: string;
  redone: string;
  reloaded: string;
  /** A change was not saved: a plain sentence from one of `refusalReasons`, never the model's text. */
  refused(problem: string, fix: string): string;
  /** The refusals as the visitor reads them, by the target's code. */
  refusalReasons: RefusalReasons;
  conflict: string;
  failed(detail: string): string;
  stopped: string;
  loadFailed(detail: string): string;
}

const STRINGS: Record<'en' | 'zh-TW', RegionEditorStrings> = {
  en: {
    toolbarLabel: 'Region editor',
    regionsLabel: 'Editable regions',
    unnamedRegion: (id) => `Region ${id}`,
    editing: (label) => `Editing: ${label}`,
    instructionLabel: 'What should change?',
    instructionPlaceholder: 'e.g. Make it shorter and friendlier',
    propose: 'Propose',
    stop: 'Stop',
    editSource: 'Edit HTML',
    sourceLabel: (label) => `HTML of ${label}`,
    save: 'Save',
    cancel: 'Cancel',
    accept: 'Accept',
    reject: 'Reject',
    refineLabel: 'Ask for changes to this proposal',
    refine: 'Refine',
    undo: 'Undo',
    redo: 'Redo',
    reload: 'Reload the page',
    close: 'Done',
    editRegion: (label) => `Edit ${label}`,
    offline: 'No model is configured: edit the region’s HTML directly. Every save is checked and can be undone.',
    loading: 'Loading the page…',
    streaming: (attempt) => (attempt > 1 ? `Writing proposal ${attempt}…` : 'Writing a proposal…'),
    streamLabel: 'Proposal so far',
    diffLabel: 'Proposed change',
    added: 'Added:',
    removed: 'Removed:',
    reviewReady: 'The proposal is ready: review the change, then accept or reject it.',
    refusedAttempt: (problem) => `A proposal was refused and sent back to the model: ${problem}.`,
    applied: (label) => `Saved the change to ${label}.`,
    rejected: 'The proposal was rejected; nothing changed.',
    undone: 'Undone.',
    redone: 'Redone.',
    reloaded: 'Reloaded the latest version of the page.',
    refused: (problem, fix) => `Not saved: ${problem}. ${fix}`,
    refusalReasons: {
      'empty-heading': { problem: 'a heading would be left empty', fix: 'Give the heading its text.' },
      'list-item-outside-list': {
        problem: 'list items would stand outside a list',
        fix: 'Put the <li> items inside a <ul> or an <ol>.',
      },
      'disallowed-markup': {
        problem: 'the HTML holds something a region may not contain (a script, a style, an event handler such as onclick, a frame, a form, or a javascript: link)',
        fix: 'Remove it and save again.',
      },
      'breaks-page': {
        problem: 'the HTML would change the page outside this region',
        fix: 'Close every tag you open, and close no tag you did not open.',
      },
      'too-large': { problem: 'the content is too long for one region', fix: 'Shorten it and save again.' },
      'unknown-part': { problem: 'this region is no longer on the page', fix: 'Reload the page and pick the region again.' },
      unavailable: { problem: 'this region cannot be edited right now', fix: 'Reload the page and try again.' },
      'invalid-path': { problem: 'this region cannot be edited', fix: 'Pick another region.' },
      'invalid-content': { problem: 'the content is not text', fix: 'Type the region’s HTML and save again.' },
      rejected: { problem: 'the site did not accept this change', fix: 'Change it and try again.' },
      other: { problem: 'the model could not write a change this region accepts', fix: 'Try again with another instruction, or edit the HTML directly.' },
    },
    conflict: 'The page changed elsewhere; reload it before editing again. Nothing was saved.',
    failed: (detail) => `Something went wrong: ${detail}`,
    stopped: 'The proposal was stopped.',
    loadFailed: (detail) => `The page could not be loaded: ${detail}`,
  },
  'zh-TW': {
    toolbarLabel: '區塊編輯器',
    regionsLabel: '可編輯的區塊',
    unnamedRegion: (id) => `區塊 ${id}`,
    editing: (label) => `正在編輯：${label}`,
    instructionLabel: '要怎麼修改？',
    instructionPlaceholder: '例如：寫得更短、更親切',
    propose: '產生提案',
    stop: '停止',
    editSource: '編輯 HTML',
    sourceLabel: (label) => `${label} 的 HTML`,
    save: '儲存',
    cancel: '取消',
    accept: '採用',
    reject: '不採用',
    refineLabel: '對這個提案提出修改',
    refine: '修改提案',
    undo: '復原',
    redo: '重做',
    reload: '重新載入頁面',
    close: '完成',
    editRegion: (label) => `編輯 ${label}`,
    offline: '尚未設定模型：請直接編輯區塊的 HTML。每次儲存都會檢查，也都可以復原。',
    loading: '正在載入頁面…',
    streaming: (attempt) => (attempt > 1 ? `正在撰寫第 ${attempt} 個提案…` : '正在撰寫提案…'),
    streamLabel: '目前的提案內容',
    diffLabel: '提議的修改',
    added: '新增：',
    removed: '刪除：',
    reviewReady: '提案已完成：請檢視修改，再決定採用或不採用。',
    refusedAttempt: (problem) => `有一個提案未通過檢查，已交回模型重寫：${problem}。`,
    applied: (label) => `已儲存「${label}」的修改。`,
    rejected: '已不採用提案，內容沒有改變。',
    undone: '已復原。',
    redone: '已重做。',
    reloaded: '已重新載入最新版本的頁面。',
    refused: (problem, fix) => `未儲存：${problem}。${fix}`,
    refusalReasons: {
      'empty-heading': { problem: '標題會變成空白', fix: '請為標題填上文字。' },
      'list-item-outside-list': { problem: '清單項目不在清單裡', fix: '請把 <li> 項目放進 <ul> 或 <ol> 裡。' },
      'disallowed-markup': {
        problem: 'HTML 含有區塊中不允許的內容（腳本、樣式、onclick 之類的事件處理、框架、表單，或 javascript: 連結）',
        fix: '請移除後再儲存。',
      },
      'breaks-page': { problem: '這段 HTML 會改動區塊以外的頁面', fix: '請關閉每個開啟的標籤，也不要關閉不是你開啟的標籤。' },
      'too-large': { problem: '內容太長，超過一個區塊的上限', fix: '請縮短後再儲存。' },
      'unknown-part': { problem: '這個區塊已經不在頁面上', fix: '請重新載入頁面，再選一次區塊。' },
      unavailable: { problem: '這個區塊目前無法編輯', fix: '請重新載入頁面後再試一次。' },
      'invalid-path': { problem: '這個區塊無法編輯', fix: '請選擇其他區塊。' },
      'invalid-content': { problem: '內容不是文字', fix: '請輸入區塊的 HTML 後再儲存。' },
      rejected: { problem: '網站不接受這項修改', fix: '請修改後再試一次。' },
      other: { problem: '模型寫不出這個區塊能接受的修改', fix: '請換個說法再試，或直接編輯 HTML。' },
    },
    conflict: '這個頁面已在別處被修改；請重新載入後再編輯。這次沒有儲存任何內容。',
    failed: (detail) => `發生錯誤：${detail}`,
    stopped: '已停止撰寫提案。',
    loadFailed: (detail) => `無法載入頁面：${detail}`,
  },
};

/** The editor's strings for `locale` (same tag, else same language, else English), with the host's `addStrings` on top. */
export const regionEditorStrings: (locale: string) => RegionEditorStrings = createStringTable('region-editor', STRINGS);

import { createStringTable } from '../i18n/create-string-table.js';
import type { ValidationCode } from '../targets/edit-target.js';

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    'region-editor': RegionEditorStrings;
  }
}
