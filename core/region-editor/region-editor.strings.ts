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
  refusedAttempt(reason: string): string;
  applied(label: string): string;
  rejected: string;
  undone: string;
  redone: string;
  reloaded: string;
  refused(reason: string): string;
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
    refusedAttempt: (reason) => `A proposal was refused and sent back to the model: ${reason}`,
    applied: (label) => `Saved the change to ${label}.`,
    rejected: 'The proposal was rejected; nothing changed.',
    undone: 'Undone.',
    redone: 'Redone.',
    reloaded: 'Reloaded the latest version of the page.',
    refused: (reason) => `Not saved: ${reason}`,
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
    refusedAttempt: (reason) => `有一個提案未通過檢查，已將原因交回模型：${reason}`,
    applied: (label) => `已儲存「${label}」的修改。`,
    rejected: '已不採用提案，內容沒有改變。',
    undone: '已復原。',
    redone: '已重做。',
    reloaded: '已重新載入最新版本的頁面。',
    refused: (reason) => `未儲存：${reason}`,
    conflict: '這個頁面已在別處被修改；請重新載入後再編輯。這次沒有儲存任何內容。',
    failed: (detail) => `發生錯誤：${detail}`,
    stopped: '已停止撰寫提案。',
    loadFailed: (detail) => `無法載入頁面：${detail}`,
  },
};

/** The editor's strings for `locale` (same tag, else same language, else English), with the host's `addStrings` on top. */
export const regionEditorStrings: (locale: string) => RegionEditorStrings = createStringTable('region-editor', STRINGS);

import { createStringTable } from '../i18n/create-string-table.js';

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    'region-editor': RegionEditorStrings;
  }
}
