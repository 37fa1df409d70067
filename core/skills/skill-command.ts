/** The `/command` word of a skill: its spelling rule and the default made from the id. */

/** Letters of any script, digits, `-` and `_`; up to 40 characters; starting with a letter or digit. */
export const COMMAND_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,39}$/u;

/**
 * The command a skill without one answers to: its id lower-cased, each run of characters a command
 * cannot hold (`.`, `:`, `/`) turned into one `-`, cut to 40 characters. Empty when nothing is left.
 */
export function commandFromId(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 40)
    .replace(/[-_]+$/, '');
}

/** The word typed after `/` to run `skill`. */
export function skillCommand(skill: { id: string; command?: string }): string {
  return skill.command ?? commandFromId(skill.id);
}

/** The form commands are compared in: case aside, in every script. */
export function commandKey(command: string): string {
  return command.normalize('NFC').toLowerCase();
}

/** Why `command` cannot be a command, or undefined when it can. */
export function commandProblem(command: string): string | undefined {
  if (command.startsWith('/')) return `write the word without its "/" ("${command.slice(1)}"); the palette adds it`;
  if (/\s/u.test(command)) return `"${command}" holds a space; a command is one word, such as "${command.trim().split(/\s+/u).join('-')}"`;
  if (!COMMAND_PATTERN.test(command)) return `"${command.slice(0, 60)}" is not a command: write 1 to 40 letters, digits, "-" or "_", starting with a letter or digit`;
  return undefined;
}
