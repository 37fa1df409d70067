import { describeValue } from '../../util/describe-value.js';
import type { SkillRegistry } from '../skill-registry.js';
import type { Skill, SkillArgument } from '../skill.types.js';
import type { RunStrings } from './run-strings-of.js';
import type { SkillOutcome } from './skill-outcome.types.js';
import type { SkillRunnerOptions } from './skill-runner.types.js';

export interface ResolvedSkill {
  skill: Skill;
  args: Record<string, string>;
  rest: string;
}

/**
 * The skill `input` names (its id, or `/command args…`) with its arguments; or the outcome of a run
 * that does not start: no such skill, or required arguments not given (named in the visitor's words).
 */
export function resolveSkill(registry: SkillRegistry, input: unknown, args: unknown, words: RunStrings): ResolvedSkill | Extract<SkillOutcome, { status: 'failed' }> {
  if (typeof input !== 'string') throw new TypeError(`skills.run(idOrCommand): pass a skill id or a "/command", got ${describeValue(input)}`);
  if (typeof args !== 'object' || args === null || Array.isArray(args) || Object.values(args).some((value) => typeof value !== 'string')) {
    throw new TypeError(`skills.run(idOrCommand, args): args must be an object of text by argument name, e.g. { language: "fr" }, got ${describeValue(args)}`);
  }
  const text = input.trim();
  const match = text.startsWith('/') ? registry.match(text) : undefined;
  const skill = match?.skill ?? (text.startsWith('/') ? undefined : registry.get(text));
  if (!skill) return { status: 'failed', reason: 'not-found', message: words.run.notFound(text.slice(0, 80)) };
  const named = { ...(match?.named ?? {}), ...(args as Record<string, string>) };
  const missing = missingArguments(skill, named);
  if (missing.length > 0) {
    const list = missing.map((argument) => argument.placeholder).join(words.skills.listSeparator);
    return { status: 'failed', skillId: skill.id, reason: 'missing-arguments', message: words.skills.commands.missingArguments(list), missing: missing.map((argument) => argument.name) };
  }
  return { skill, args: named, rest: match?.rest ?? '' };
}

/** The required arguments of `skill` that `args` leaves empty. */
export function missingArguments(skill: Skill, args: Readonly<Record<string, string>>): SkillArgument[] {
  return (skill.arguments ?? []).filter((argument) => argument.required && (args[argument.name] ?? '').trim() === '');
}

const PORTS = ['navigate', 'point', 'inject', 'clearOverlays', 'waitForVisitor', 'findTarget', 'showSurface', 'intent', 'selection', 'page'] as const;

/** Throws a TypeError naming the first option or port that is not what the runner needs. */
export function checkRunnerOptions(options: SkillRunnerOptions): void {
  const where = 'createSkillRunner(options)';
  if (typeof options?.registry?.get !== 'function' || typeof options.registry.match !== 'function') {
    throw new TypeError(`${where}: options.registry must be a skill registry (createSkillRegistry), got ${describeValue(options?.registry)}`);
  }
  if (typeof options.preferences?.read !== 'function' || typeof options.preferences.missingRequired !== 'function') {
    throw new TypeError(`${where}: options.preferences must be a preference store (createPreferenceStore), got ${describeValue(options.preferences)}`);
  }
  const ports = options.ports;
  if (typeof ports !== 'object' || ports === null) throw new TypeError(`${where}: options.ports must be the object of ports the runner drives the page through, got ${describeValue(ports)}`);
  for (const name of PORTS) {
    if (typeof ports[name] !== 'function') throw new TypeError(`${where}: options.ports.${name} must be a function, got ${describeValue(ports[name])}`);
  }
  if (typeof ports.subtitle?.show !== 'function' || typeof ports.subtitle.hide !== 'function') throw new TypeError(`${where}: options.ports.subtitle must have show(text) and hide()`);
  if (typeof ports.storage?.get !== 'function' || typeof ports.storage.set !== 'function' || typeof ports.storage.remove !== 'function') {
    throw new TypeError(`${where}: options.ports.storage must be a key-value storage (the session one, e.g. webStorage('session')), got ${describeValue(ports.storage)}`);
  }
  const clock = ports.clock;
  if (typeof clock?.now !== 'function' || typeof clock.setTimeout !== 'function' || typeof clock.clearTimeout !== 'function') {
    throw new TypeError(`${where}: options.ports.clock must have now(), setTimeout(callback, ms) and clearTimeout(handle)`);
  }
  for (const name of ['llm', 'startAgent', 'closePalette'] as const) {
    if (ports[name] !== undefined && typeof ports[name] !== 'function') throw new TypeError(`${where}: options.ports.${name} must be a function or left out, got ${describeValue(ports[name])}`);
  }
}
