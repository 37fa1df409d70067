import { checkIcon } from '../palette/validate-items.js';
import { describeValue } from '../util/describe-value.js';
import { checkBoolean, checkChoice, checkFunction, checkIdentifier, checkKnownKeys, checkObject, checkText, fail } from './check-fields.js';
import { checkKindFields } from './check-skill-kinds.js';
import { checkSkillId } from './check-script-steps.js';
import { checkPreferenceSchema } from './preferences/check-preference-schema.js';
import { commandFromId, commandProblem } from './skill-command.js';
import { MAX_SKILL_ARGUMENTS, SKILL_KINDS, type Skill, type SkillKind } from './skill.types.js';

/**
 * Throws a TypeError naming the first defective field of `value` (`where` names it, e.g.
 * `skills.register(skill)`) and what to write instead. Keys it does not know are let through here:
 * code may carry its own; `checkDeclaredSkill` refuses them in JSON.
 */
export function checkSkill(value: unknown, where = 'skill'): asserts value is Skill {
  checkObject(where, value, '{ "id": "translate", "name": "Translate this page", "kind": "prompt", … }');
  if (!Object.hasOwn(value, 'kind')) fail(`${where}.kind`, `is missing; a skill is one of ${SKILL_KINDS.join(', ')}`);
  checkChoice(`${where}.kind`, value['kind'], SKILL_KINDS, false);
  checkCommonFields(value, where);
  checkKindFields(value['kind'] as SkillKind, value, where);
}

function checkCommonFields(skill: Record<string, unknown>, where: string): void {
  checkSkillId(`${where}.id`, skill['id']);
  checkText(`${where}.name`, skill['name'], { nonBlank: true, max: 200 });
  checkText(`${where}.description`, skill['description'], { optional: true });
  checkIcon(`${where}.icon`, skill['icon']);
  checkText(`${where}.section`, skill['section'], { optional: true, max: 200 });
  checkBoolean(`${where}.hidden`, skill['hidden']);
  checkFunction(`${where}.visible`, skill['visible'], '(context) => boolean');
  checkCommand(skill, where);
  checkArguments(`${where}.arguments`, skill['arguments']);
  checkAgentTool(`${where}.agentTool`, skill['agentTool']);
  if (skill['preferences'] !== undefined) checkPreferenceSchema(skill['preferences'], `${where}.preferences`);
}

function checkCommand(skill: Record<string, unknown>, where: string): void {
  const command = skill['command'];
  if (command === undefined) {
    if (commandFromId(skill['id'] as string) === '') fail(`${where}.command`, `is needed: the id ${JSON.stringify(skill['id'])} makes no command word; write one, e.g. "translate"`);
    return;
  }
  if (typeof command !== 'string') fail(`${where}.command`, `must be one word such as "translate", got ${describeValue(command)}`);
  const problem = commandProblem(command);
  if (problem) fail(`${where}.command`, problem);
}

function checkArguments(where: string, list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) fail(where, `must be an array of { "name": "language", "placeholder": "language", "required": true }, got ${describeValue(list)}`);
  if (list.length > MAX_SKILL_ARGUMENTS) {
    fail(where, `holds ${list.length} arguments; a command takes at most ${MAX_SKILL_ARGUMENTS}; ask for more in a form (a surface skill) or as preferences`);
  }
  const names = new Map<string, number>();
  let optionalAt: number | undefined;
  list.forEach((argument: unknown, index) => {
    const at = `${where}[${index}]`;
    checkObject(at, argument, '{ "name": "language", "placeholder": "language" }');
    checkKnownKeys(at, argument, ['name', 'placeholder', 'required'], 'an argument');
    checkIdentifier(`${at}.name`, argument['name'], 'an argument name');
    checkText(`${at}.placeholder`, argument['placeholder'], { nonBlank: true, max: 80 });
    checkBoolean(`${at}.required`, argument['required']);
    const name = argument['name'] as string;
    if (names.has(name)) fail(`${at}.name`, `"${name}" is also the name of ${where}[${names.get(name)}]; give each argument its own name`);
    names.set(name, index);
    if (argument['required'] === true && optionalAt !== undefined) {
      fail(`${at}.required`, `a required argument cannot follow the optional ${where}[${optionalAt}]: arguments are typed in order; put the required ones first`);
    }
    if (argument['required'] !== true) optionalAt ??= index;
  });
}

function checkAgentTool(where: string, tool: unknown): void {
  if (tool === undefined) return;
  checkObject(where, tool, '{ "description": "Translates the page into a language" }');
  checkKnownKeys(where, tool, ['description', 'requireConfirmation'], 'agentTool');
  checkText(`${where}.description`, tool['description'], { nonBlank: true, max: 1000 });
  checkBoolean(`${where}.requireConfirmation`, tool['requireConfirmation']);
}
