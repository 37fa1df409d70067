import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { checkChoice, checkKnownKeys, checkObject, fail } from './check-fields.js';
import { STEP_KEYS, stepKind } from './check-script-steps.js';
import { checkSkill } from './check-skill.js';
import type { DeclaredSkill } from './skill.types.js';

const DECLARED_KINDS = ['prompt', 'script', 'surface'] as const;
type DeclaredKind = (typeof DECLARED_KINDS)[number];

const COMMON_KEYS = ['kind', 'id', 'name', 'description', 'icon', 'section', 'hidden', 'command', 'arguments', 'agentTool', 'preferences'];
const KEYS: Record<DeclaredKind, readonly string[]> = {
  prompt: [...COMMON_KEYS, 'prompt', 'variables', 'via'],
  script: [...COMMON_KEYS, 'steps'],
  surface: [...COMMON_KEYS, 'surface', 'submitPrompt', 'placement'],
};
/** Fields that hold code: named as such, so the author learns where that skill belongs. */
const CODE_KEYS = ['visible', 'handler', 'build', 'onSubmit', 'onEnter', 'onInput', 'onAction', 'onLeave'];
const TO_CODE = 'a page config holds JSON, not code; register a skill with code from a script (dddk.skills.register)';

/**
 * Checks a skill as a page config's JSON declares it: a `prompt`, a `script` of JSON steps, or a
 * `surface` with a static surface whose submit fills `submitPrompt`. Throws a TypeError naming the
 * first key it does not know (with the nearest one when it looks like a typo), anything that is not
 * JSON, a kind or a step that needs code, then every check of `checkSkill`.
 */
export function checkDeclaredSkill(json: unknown, where = 'skill'): asserts json is DeclaredSkill {
  checkObject(where, json, '{ "id": "translate", "name": "Translate this page", "kind": "prompt", "prompt": "…" }');
  checkJsonOnly(json, where);
  const kind = json['kind'];
  if (kind === 'action' || kind === 'panel') fail(`${where}.kind`, `${kind === 'action' ? 'an' : 'a'} "${kind}" skill runs code: ${TO_CODE}; a page config declares "prompt", "script" or "surface" skills`);
  if (kind === undefined) fail(`${where}.kind`, `is missing; a page config declares ${DECLARED_KINDS.map((k) => `"${k}"`).join(', ')} skills`);
  checkChoice(`${where}.kind`, kind, DECLARED_KINDS, false);
  for (const key of CODE_KEYS) if (Object.hasOwn(json, key)) fail(`${where}.${key}`, `is code: ${TO_CODE}`);
  checkKnownKeys(where, json, KEYS[kind as DeclaredKind], `a ${kind as string} skill`);
  if (kind === 'surface') {
    if (json['surface'] === undefined) fail(`${where}.surface`, 'is needed: a page config declares a form as a static surface ({ "root": { "piece": … } })');
    if (json['submitPrompt'] === undefined) fail(`${where}.submitPrompt`, `is needed: the task the submitted fields fill ({{field}}) and hand to the agent; handling the submit otherwise needs code: ${TO_CODE}`);
  }
  if (kind === 'script' && Array.isArray(json['steps'])) {
    json['steps'].forEach((step: unknown, index) => {
      const at = `${where}.steps[${index}]`;
      const stepName = stepKind(step, at);
      if (stepName === 'action') fail(`${at}.step`, `an "action" step runs code: ${TO_CODE}`);
      checkKnownKeys(at, step as Record<string, unknown>, STEP_KEYS[stepName], `a "${stepName}" step`);
    });
  }
  checkSkill(json, where);
}

/** Throws naming the first value JSON cannot hold (a function, `undefined`, a number that is not finite). */
function checkJsonOnly(value: unknown, where: string, depth = 0): void {
  if (depth > 40) fail(where, 'nests deeper than 40 levels');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(where, `is ${String(value)}, which JSON cannot hold`);
    return;
  }
  if (Array.isArray(value)) return value.forEach((entry, index) => checkJsonOnly(entry, `${where}[${index}]`, depth + 1));
  if (isPlainObject(value)) {
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry === 'function' && CODE_KEYS.includes(key)) fail(`${where}.${key}`, `is code: ${TO_CODE}`);
      checkJsonOnly(entry, `${where}.${key}`, depth + 1);
    }
    return;
  }
  fail(where, `is ${describeValue(value)}, which a page config's JSON cannot hold`);
}
