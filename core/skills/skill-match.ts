import { readWords, splitCommand } from './command-input.js';
import { commandKey } from './skill-command.js';
import type { Skill, SkillArgument } from './skill.types.js';

/** A skill with its command, as the registry keeps it. */
export interface CommandEntry {
  skill: Skill;
  command: string;
  /** `command` in the form commands are compared in. */
  key: string;
}

/** Palette input that names a skill's command: the words typed after it, by position and by name. */
export interface SkillMatch {
  skill: Skill;
  command: string;
  /** The arguments typed, in order (at most as many as the skill declares), quotes removed. */
  args: string[];
  /** The same, by argument name. */
  named: Record<string, string>;
  /** The text after the arguments, as typed. */
  rest: string;
  /** The required arguments not typed yet (empty when the skill can run). */
  missing: string[];
}

/** A command the palette can offer for what is being typed. */
export interface SkillCompletion {
  skill: Skill;
  command: string;
  /** What the field holds once the completion is taken: `/translate `. */
  text: string;
  /** True when the command is spelt out in full. */
  exact: boolean;
  /** The arguments still to type, for hints after the cursor. */
  pending: readonly SkillArgument[];
}

/** The entry whose command `input` starts with (`find` looks one up by its key), and what was typed after it; undefined for text that is no known command. */
export function matchInput(find: (key: string) => CommandEntry | undefined, input: string): SkillMatch | undefined {
  const split = splitCommand(input);
  if (!split || split.command === '') return undefined;
  const entry = find(commandKey(split.command));
  if (!entry) return undefined;
  const declared = entry.skill.arguments ?? [];
  const { tokens, rest } = readWords(split.tail, declared.length);
  const args = tokens.map((token) => token.text);
  const named: Record<string, string> = {};
  declared.forEach((argument, index) => {
    if (index < args.length) named[argument.name] = args[index]!;
  });
  const missing = declared.filter((argument, index) => argument.required && (args[index] ?? '').trim() === '').map((argument) => argument.name);
  return { skill: entry.skill, command: entry.command, args, named, rest, missing };
}

/**
 * The commands that complete `partial`: while the word is typed (`/tr`), every command starting
 * with it, the exact one first, then shorter before longer; once a space follows it, the one
 * command it names, with the arguments not yet begun. `/` alone offers every command.
 */
export function completeInput(entries: readonly CommandEntry[], partial: string): SkillCompletion[] {
  const split = splitCommand(partial);
  if (!split) return [];
  const key = commandKey(split.command);
  const completion = (entry: CommandEntry, pending: readonly SkillArgument[]): SkillCompletion => ({
    skill: entry.skill,
    command: entry.command,
    text: `/${entry.command} `,
    exact: entry.key === key,
    pending,
  });
  if (split.complete) {
    const entry = entries.find((candidate) => candidate.key === key);
    if (!entry) return [];
    const begun = readWords(split.tail).tokens.length;
    return [completion(entry, (entry.skill.arguments ?? []).slice(begun))];
  }
  return entries
    .filter((entry) => entry.key.startsWith(key))
    .sort((a, b) => Number(b.key === key) - Number(a.key === key) || a.key.length - b.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => completion(entry, entry.skill.arguments ?? []));
}
