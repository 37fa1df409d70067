import { describeValue } from '../util/describe-value.js';
import { ID_PATTERN } from '../util/id-pattern.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { checkBoolean, checkChoice, checkFunction, checkIdentifier, checkObject, checkText, fail } from './check-fields.js';
import { checkSkillSurface } from './check-skill-surface.js';
import { POINT_STYLES, SCRIPT_STEP_KINDS, SKILL_SURFACE_PLACEMENTS, TARGET_MISSING, type ScriptStep, type ScriptStepKind } from './script-step.types.js';

const MAX_STEPS = 200;
const MAX_WAIT_MS = 600_000;
/** A colour a style attribute can take without carrying anything else: hex, a name, a colour function, a custom property. */
const CSS_COLOR = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([0-9a-zA-Z.,%\s/+-]{1,80}\)|var\(--[A-Za-z0-9-]{1,60}\))$/;

/** The keys each kind of step takes, for the JSON check. */
export const STEP_KEYS: Readonly<Record<ScriptStepKind, readonly string[]>> = {
  navigate: ['step', 'path'],
  subtitle: ['step', 'text'],
  point: ['step', 'selector', 'style', 'label', 'color', 'ifMissing'],
  inject: ['step', 'selector', 'text', 'position', 'ifMissing'],
  clear: ['step'],
  wait: ['step', 'ms', 'hint'],
  surface: ['step', 'surface', 'placement', 'saveAs'],
  llm: ['step', 'prompt', 'saveAs', 'say'],
  skill: ['step', 'id', 'vars'],
  action: ['step', 'action'],
};

const EXAMPLE = '{ "step": "subtitle", "text": "…" }';

/** Throws a TypeError naming the first defective step of a script skill (`ownId` refuses a step that runs the script itself). */
export function checkScriptSteps(steps: unknown, where: string, ownId: string): asserts steps is readonly ScriptStep[] {
  if (!Array.isArray(steps) || steps.length === 0) fail(where, `must be a non-empty array of steps like ${EXAMPLE}, got ${describeValue(steps)}`);
  if (steps.length > MAX_STEPS) fail(where, `holds ${steps.length} steps; a script takes at most ${MAX_STEPS}; split it into skills run by "skill" steps`);
  const saved = new Set<string>();
  steps.forEach((step: unknown, index) => {
    const at = `${where}[${index}]`;
    checkStep(step, at, ownId);
    const name = (step as { saveAs?: string }).saveAs;
    if (name !== undefined) {
      if (saved.has(name)) fail(`${at}.saveAs`, `"${name}" is already kept by an earlier step; give each result its own name`);
      saved.add(name);
    }
  });
}

/** The kind of a step, or a TypeError naming what a step must look like. */
export function stepKind(step: unknown, at: string): ScriptStepKind {
  checkObject(at, step, EXAMPLE);
  if (!Object.hasOwn(step, 'step')) {
    const guess = SCRIPT_STEP_KINDS.find((kind) => Object.hasOwn(step, kind) || (kind === 'navigate' && Object.hasOwn(step, 'page')));
    fail(`${at}.step`, `is missing: every step names what it does (${SCRIPT_STEP_KINDS.join(', ')})${guess ? `; this one looks like { "step": "${guess}", … }` : ''}`);
  }
  checkChoice(`${at}.step`, step['step'], SCRIPT_STEP_KINDS, false);
  return step['step'] as ScriptStepKind;
}

function checkStep(step: unknown, at: string, ownId: string): void {
  const kind = stepKind(step, at);
  const s = step as Record<string, unknown>;
  switch (kind) {
    case 'navigate':
      return checkPath(`${at}.path`, s['path']);
    case 'subtitle':
      return checkText(`${at}.text`, s['text'], { nonBlank: true });
    case 'point':
      checkSelector(`${at}.selector`, s['selector']);
      checkChoice(`${at}.style`, s['style'], POINT_STYLES);
      checkText(`${at}.label`, s['label'], { optional: true, max: 200 });
      checkChoice(`${at}.ifMissing`, s['ifMissing'], TARGET_MISSING);
      return checkColor(`${at}.color`, s['color']);
    case 'inject':
      checkSelector(`${at}.selector`, s['selector']);
      checkText(`${at}.text`, s['text'], { nonBlank: true });
      checkChoice(`${at}.ifMissing`, s['ifMissing'], TARGET_MISSING);
      return checkChoice(`${at}.position`, s['position'], ['before', 'after']);
    case 'clear':
      return;
    case 'wait':
      if (s['ms'] !== undefined && (!Number.isInteger(s['ms']) || (s['ms'] as number) < 1 || (s['ms'] as number) > MAX_WAIT_MS)) {
        fail(`${at}.ms`, `must be a whole number of milliseconds from 1 to ${MAX_WAIT_MS}, or left out to wait for the visitor; got ${describeValue(s['ms'])}`);
      }
      return checkText(`${at}.hint`, s['hint'], { optional: true, max: 300 });
    case 'surface':
      checkSkillSurface(`${at}.surface`, s['surface']);
      checkChoice(`${at}.placement`, s['placement'], SKILL_SURFACE_PLACEMENTS);
      return checkSaveAs(`${at}.saveAs`, s['saveAs']);
    case 'llm':
      checkText(`${at}.prompt`, s['prompt'], { nonBlank: true, max: 20_000 });
      checkBoolean(`${at}.say`, s['say']);
      return checkSaveAs(`${at}.saveAs`, s['saveAs']);
    case 'skill':
      checkSkillId(`${at}.id`, s['id']);
      if (s['id'] === ownId) fail(`${at}.id`, `"${ownId}" is this script itself; a script cannot run itself`);
      return checkVars(`${at}.vars`, s['vars']);
    case 'action':
      return checkFunction(`${at}.action`, s['action'], '(tools) => void | Promise<void>', false);
  }
}

export function checkSkillId(where: string, id: unknown): void {
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) fail(where, `must be 1 to 128 letters, digits or "-_.:/", got ${describeValue(id)}`);
}

function checkPath(where: string, path: unknown): void {
  checkText(where, path, { nonBlank: true });
  const text = path as string;
  if (text.startsWith('//') || (!text.startsWith('/') && !/^https?:\/\//i.test(text))) {
    fail(where, `must be a path on this site starting with one "/" (e.g. "/pricing") or an http(s) address, got ${describeValue(path)}`);
  }
}

function checkSelector(where: string, selector: unknown): void {
  checkText(where, selector, { nonBlank: true, max: 500 });
  // Parsed by the page at run time; here only what no selector holds is refused.
  if (/[\u0000-\u001f\u007f]/.test(selector as string)) fail(where, 'holds a control character; a CSS selector is one line of text, e.g. "#plans .price"');
}

function checkColor(where: string, color: unknown): void {
  if (color === undefined) return;
  if (typeof color !== 'string' || !CSS_COLOR.test(color)) fail(where, `must be a CSS colour such as "#2f6f3e", "tomato" or "rgb(47 111 62)", got ${describeValue(color)}`);
}

function checkSaveAs(where: string, name: unknown): void {
  if (name !== undefined) checkIdentifier(where, name, 'a result name');
}

function checkVars(where: string, vars: unknown): void {
  if (vars === undefined) return;
  if (!isPlainObject(vars)) fail(where, `must be an object of text by argument name, e.g. { "language": "fr" }, got ${describeValue(vars)}`);
  for (const [name, value] of Object.entries(vars)) {
    checkIdentifier(`${where}.${name}`, name, 'an argument name');
    checkText(`${where}.${name}`, value);
  }
}
