/**
 * The palette's rows for the skills: one per offered skill (hidden and invisible ones left out),
 * a settings row per skill that has settings, and the `/` row whose chip lists the commands as they
 * are typed, with the arguments still to type as hints.
 */
import type { PaletteHandle, PaletteItem } from '../../palette/palette-item.types.js';
import type { SkillCompletion } from '../skill-match.js';
import type { SkillRegistry } from '../skill-registry.js';
import type { SkillArgument } from '../skill.types.js';
import type { SkillVisibilityContext } from '../skill-context.types.js';
import { skillsPaletteStrings, type SkillsPaletteStrings } from './skills-palette.strings.js';

export interface SkillPaletteActions {
  /** Runs a skill by id, or `/command args…` as typed, from the palette whose handle is given. */
  run(idOrCommand: string, palette: PaletteHandle): void;
  /** Shows the skill's settings form. */
  editSettings(skillId: string): void;
}

/** The id of the `/` row, so a host can place or remove it. */
export const SKILL_COMMANDS_ITEM_ID = 'skill-commands';

export function skillPaletteItems(registry: SkillRegistry, context: SkillVisibilityContext, actions: SkillPaletteActions): PaletteItem[] {
  const strings = skillsPaletteStrings(context.locale);
  const offered = registry.list(context).filter((skill) => !skill.hidden);
  if (registry.listAll().length === 0) return [];
  const items: PaletteItem[] = [];
  for (const skill of offered) {
    const command = `/${registry.commandOf(skill)}`;
    const pending = skill.arguments ?? [];
    items.push({
      id: rowId('skill:', skill.id),
      name: skill.name,
      ...(skill.description !== undefined ? { description: skill.description } : {}),
      lines: [commandHint(command, pending, strings)],
      ...(skill.icon !== undefined ? { icon: skill.icon } : {}),
      section: skill.section ?? strings.section,
      keywords: [command, registry.commandOf(skill)],
      actions: [
        {
          kind: 'custom',
          // A skill that needs words first puts its command in the field, where the hints show what to type.
          run: ({ palette }) => (pending.some((argument) => argument.required) ? palette.setQuery(`${command} `) : actions.run(skill.id, palette)),
        },
      ],
    });
    if (skill.preferences?.length) {
      items.push({
        id: rowId('skill-settings:', skill.id),
        name: strings.settingsName(skill.name),
        description: strings.settingsDescription,
        icon: { builtin: 'gear' },
        section: skill.section ?? strings.section,
        searchOnly: true,
        actions: [{ kind: 'custom', run: () => actions.editSettings(skill.id) }],
      });
    }
  }
  items.push(commandsItem(registry, context, actions, strings));
  return items;
}

function commandsItem(registry: SkillRegistry, context: SkillVisibilityContext, actions: SkillPaletteActions, strings: SkillsPaletteStrings): PaletteItem {
  return {
    id: SKILL_COMMANDS_ITEM_ID,
    name: strings.commandsName,
    description: strings.commandsDescription,
    icon: { builtin: 'terminal' },
    section: strings.section,
    prefix: '/',
    browseFilter: false,
    browseSection: strings.commandsName,
    browse: (typed) => completionsFor(registry, typed, context).map((completion) => completionItem(completion, typed, actions, strings)),
  };
}

/** The offered commands that start so; a hidden skill's command shows once it is typed in full. */
function completionsFor(registry: SkillRegistry, typed: string, context: SkillVisibilityContext): SkillCompletion[] {
  const completions = registry.matchPrefix(`/${typed}`, context);
  const match = registry.match(`/${typed}`, context);
  if (!match || completions.some((completion) => completion.skill.id === match.skill.id)) return completions;
  const begun = match.args.length;
  return [{ skill: match.skill, command: match.command, text: `/${match.command} `, exact: true, pending: (match.skill.arguments ?? []).slice(begun) }, ...completions];
}

/** One command as typed so far: run it when its words are there, else complete it in the field. */
function completionItem(completion: SkillCompletion, typed: string, actions: SkillPaletteActions, strings: SkillsPaletteStrings): PaletteItem {
  const command = `/${completion.command}`;
  const complete = completion.exact && /\s/.test(typed.trim()) ? `/${typed.trim()}` : undefined;
  const needsWords = completion.pending.some((argument) => argument.required);
  const skill = completion.skill;
  return {
    id: rowId('skill-command:', skill.id),
    name: complete !== undefined ? strings.run(commandHint(complete, completion.pending, strings)) : commandHint(command, completion.pending, strings),
    description: skill.description ?? skill.name,
    ...(skill.icon !== undefined ? { icon: skill.icon } : {}),
    actions: [
      {
        kind: 'custom',
        // Words still to type stay in the field, where the hints show them; otherwise the command runs.
        run: ({ palette }: { palette: PaletteHandle }) =>
          needsWords ? palette.setQuery(`${complete ?? command} `) : actions.run(complete ?? command, palette),
      },
    ],
  };
}

function commandHint(command: string, pending: readonly SkillArgument[], strings: SkillsPaletteStrings): string {
  return [command, ...pending.map((argument) => strings.argument(argument.placeholder, argument.required === true))].join(' ');
}

/** Palette ids allow 128 characters; a skill id may use them all. */
function rowId(prefix: string, id: string): string {
  return `${prefix}${id}`.slice(0, 128);
}
