import { createStringTable } from '../../i18n/create-string-table.js';

/** The palette's words for the skills: their section, the `/` commands row, hints and settings rows. */
export interface SkillsPaletteStrings {
  section: string;
  commandsName: string;
  commandsDescription: string;
  /** The row for a fully typed command: "Run /translate fr". */
  run(command: string): string;
  /** An argument still to type, shown after the command. */
  argument(placeholder: string, required: boolean): string;
  settingsName(skillName: string): string;
  settingsDescription: string;
  settingsSaved(skillName: string): string;
}

const STRINGS: Record<'en' | 'zh-TW', SkillsPaletteStrings> = {
  en: {
    section: 'Skills',
    commandsName: 'Run a command',
    commandsDescription: 'Type / and the command',
    run: (command) => `Run ${command}`,
    argument: (placeholder, required) => (required ? `‹${placeholder}›` : `[${placeholder}]`),
    settingsName: (name) => `Settings of “${name}”`,
    settingsDescription: 'Change what this skill remembers',
    settingsSaved: (name) => `The settings of “${name}” are saved.`,
  },
  'zh-TW': {
    section: '技能',
    commandsName: '執行指令',
    commandsDescription: '輸入 / 與指令',
    run: (command) => `執行 ${command}`,
    argument: (placeholder, required) => (required ? `‹${placeholder}›` : `[${placeholder}]`),
    settingsName: (name) => `「${name}」的設定`,
    settingsDescription: '變更此技能記住的設定',
    settingsSaved: (name) => `「${name}」的設定已儲存。`,
  },
};

export const skillsPaletteStrings: (locale: string | undefined) => SkillsPaletteStrings = createStringTable('skillsPalette', STRINGS);
