import { createStringTable } from '../../i18n/create-string-table.js';

/** The words a visitor reads while a skill runs: why one could not, what a step waits for, the form for missing words. */
export interface SkillRunStrings {
  notFound(command: string): string;
  noModel(skillName: string): string;
  noAgent(skillName: string): string;
  /** A step failed in the skill's own code or form. */
  threw(skillName: string): string;
  invalidSurface(skillName: string): string;
  agentFailed(skillName: string): string;
  /** `name` is the skill that would run a second time inside itself. */
  cycle(name: string): string;
  tooDeep(max: number): string;
  /** What a point or inject step is about, for the messages below: its label quoted, or a description. */
  target(label: string | undefined): string;
  waitingFor(target: string): string;
  targetSkipped(target: string): string;
  targetMissing(target: string): string;
  /** The subtitle of a point step that names nothing itself. */
  pointed: string;
  /** What a wait for the visitor says when neither the step nor the line before it says anything. */
  visitorWait: string;
  ask: {
    heading(skillName: string): string;
    intro: string;
    next: string;
    cancel: string;
  };
}

const STRINGS: Record<'en' | 'zh-TW', SkillRunStrings> = {
  en: {
    notFound: (command) => `There is no command “${command}”.`,
    noModel: (name) => `“${name}” needs a language model, and this page has none.`,
    noAgent: (name) => `“${name}” needs the assistant, and this page has none.`,
    threw: (name) => `“${name}” stopped because of an error.`,
    invalidSurface: (name) => `“${name}” could not show its form.`,
    agentFailed: (name) => `The assistant could not finish “${name}”.`,
    cycle: (name) => `“${name}” would run inside itself, so the tour stopped.`,
    tooDeep: (max) => `The tour runs more than ${max} skills inside one another, so it stopped.`,
    target: (label) => (label ? `“${label}”` : 'the part of the page this step shows'),
    waitingFor: (target) => `Waiting for ${target} to appear…`,
    targetSkipped: (target) => `${capitalize(target)} is not on this page; going on without it.`,
    targetMissing: (target) => `${capitalize(target)} is not on this page, so the tour stopped.`,
    pointed: 'Look at the marked part of the page.',
    visitorWait: 'Go on when you are ready.',
    ask: {
      heading: (name) => `“${name}” needs a few more words`,
      intro: 'Fill these in to go on.',
      next: 'Continue',
      cancel: 'Cancel',
    },
  },
  'zh-TW': {
    notFound: (command) => `沒有「${command}」這個指令。`,
    noModel: (name) => `「${name}」需要語言模型，但此頁面沒有提供。`,
    noAgent: (name) => `「${name}」需要助理，但此頁面沒有提供。`,
    threw: (name) => `「${name}」因發生錯誤而停止。`,
    invalidSurface: (name) => `「${name}」無法顯示表單。`,
    agentFailed: (name) => `助理無法完成「${name}」。`,
    cycle: (name) => `「${name}」會在自身之中再次執行，因此導覽已停止。`,
    tooDeep: (max) => `導覽中巢狀執行的技能超過 ${max} 層，因此已停止。`,
    target: (label) => (label ? `「${label}」` : '此步驟要顯示的頁面區塊'),
    waitingFor: (target) => `正在等待${target}出現…`,
    targetSkipped: (target) => `此頁面上沒有${target}，略過此步驟繼續。`,
    targetMissing: (target) => `此頁面上沒有${target}，因此導覽已停止。`,
    pointed: '請看頁面上標示的部分。',
    visitorWait: '準備好了就繼續。',
    ask: {
      heading: (name) => `「${name}」還需要一些資訊`,
      intro: '請填寫以下欄位以繼續。',
      next: '繼續',
      cancel: '取消',
    },
  },
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The runner's strings for `locale`, with the host's `addStrings(locale, { skillRuns })` on top. */
export const skillRunStrings: (locale: string | undefined) => SkillRunStrings = createStringTable('skillRuns', STRINGS);

declare module '../../i18n/string-tables.js' {
  interface StringTables {
    skillRuns: SkillRunStrings;
  }
}
