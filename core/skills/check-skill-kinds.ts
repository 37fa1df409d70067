import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { checkChoice, checkFunction, checkIdentifier, checkText, fail } from './check-fields.js';
import { checkScriptSteps } from './check-script-steps.js';
import { checkSkillSurface } from './check-skill-surface.js';
import { secretPlaceholders } from './prompt-sources.js';
import type { PreferenceField } from './preferences/preference.types.js';
import { SKILL_SURFACE_PLACEMENTS } from './script-step.types.js';
import type { SkillKind } from './skill.types.js';

const MAX_PROMPT_LENGTH = 20_000;

/** The checks of the fields one kind of skill has; `skill` is an object whose common fields passed. */
export function checkKindFields(kind: SkillKind, skill: Record<string, unknown>, where: string): void {
  const preferences = (skill['preferences'] ?? []) as readonly PreferenceField[];
  switch (kind) {
    case 'script':
      checkScriptSteps(skill['steps'], `${where}.steps`, skill['id'] as string);
      (skill['steps'] as unknown as readonly Record<string, unknown>[]).forEach((step, index) => {
        for (const key of ['text', 'prompt'] as const) {
          if (typeof step[key] === 'string') checkNoSecrets(`${where}.steps[${index}].${key}`, step[key], preferences);
        }
      });
      return;
    case 'prompt':
      checkText(`${where}.prompt`, skill['prompt'], { nonBlank: true, max: MAX_PROMPT_LENGTH });
      checkNoSecrets(`${where}.prompt`, skill['prompt'] as string, preferences);
      checkVariables(`${where}.variables`, skill['variables']);
      return checkChoice(`${where}.via`, skill['via'], ['agent', 'llm']);
    case 'action':
      return checkFunction(`${where}.handler`, skill['handler'], '(context) => void | Promise<void>', false);
    case 'surface':
      return checkSurfaceSkill(skill, where, preferences);
    case 'panel':
      return checkPanelSkill(skill, where);
  }
}

function checkNoSecrets(where: string, template: string, preferences: readonly PreferenceField[]): void {
  const secrets = secretPlaceholders(template, preferences);
  if (secrets.length > 0) {
    fail(where, `{{${secrets[0]}}} would write a password setting into text the model or the visitor's screen receives; read it in code (an action skill's context.preferences) instead`);
  }
}

function checkVariables(where: string, variables: unknown): void {
  if (variables === undefined) return;
  if (!isPlainObject(variables)) fail(where, `must be an object of text by name, e.g. { "tone": "friendly" }, got ${describeValue(variables)}`);
  for (const [name, value] of Object.entries(variables)) {
    checkIdentifier(`${where}.${name}`, name, 'a variable name');
    checkText(`${where}.${name}`, value, { max: MAX_PROMPT_LENGTH });
  }
}

function checkSurfaceSkill(skill: Record<string, unknown>, where: string, preferences: readonly PreferenceField[]): void {
  const hasSurface = skill['surface'] !== undefined;
  const hasBuild = skill['build'] !== undefined;
  if (hasSurface === hasBuild) {
    fail(where, hasSurface ? 'has both `surface` and `build`; keep one: a static surface, or a function that builds it when the skill runs' : 'needs a `surface` ({ "root": { "piece": … } }) or a `build(context)` function that returns one');
  }
  if (hasSurface) checkSkillSurface(`${where}.surface`, skill['surface']);
  else checkFunction(`${where}.build`, skill['build'], '(context) => surface | Promise<surface>', false);
  checkFunction(`${where}.onSubmit`, skill['onSubmit'], '(data, context) => unknown');
  checkText(`${where}.submitPrompt`, skill['submitPrompt'], { optional: true, nonBlank: true, max: MAX_PROMPT_LENGTH });
  if (skill['onSubmit'] !== undefined && skill['submitPrompt'] !== undefined) {
    fail(`${where}.submitPrompt`, 'is used only without `onSubmit`; keep one of them as what the submit does');
  }
  if (typeof skill['submitPrompt'] === 'string') checkNoSecrets(`${where}.submitPrompt`, skill['submitPrompt'], preferences);
  checkChoice(`${where}.placement`, skill['placement'], SKILL_SURFACE_PLACEMENTS);
}

function checkPanelSkill(skill: Record<string, unknown>, where: string): void {
  checkChoice(`${where}.inputMode`, skill['inputMode'], ['palette', 'takeover'], false);
  checkText(`${where}.placeholder`, skill['placeholder'], { optional: true, max: 200 });
  checkFunction(`${where}.onEnter`, skill['onEnter'], '(context) => unknown');
  checkFunction(`${where}.onInput`, skill['onInput'], '(text, context) => unknown');
  checkFunction(`${where}.onSubmit`, skill['onSubmit'], '(text, context) => unknown');
  checkFunction(`${where}.onAction`, skill['onAction'], '(action, data, context) => unknown');
  checkFunction(`${where}.onLeave`, skill['onLeave'], '() => unknown');
  if (skill['onInput'] === undefined && skill['onSubmit'] === undefined) {
    fail(where, 'a panel skill needs `onInput(text, context)` or `onSubmit(text, context)`: what is typed while it is entered goes there');
  }
}
