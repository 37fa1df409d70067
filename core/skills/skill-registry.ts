import { createStore, type ReadableStore } from '../util/create-store.js';
import { describeValue } from '../util/describe-value.js';
import { checkSkill } from './check-skill.js';
import { commandKey, skillCommand } from './skill-command.js';
import type { SkillVisibilityContext } from './skill-context.types.js';
import { completeInput, matchInput, type CommandEntry, type SkillCompletion, type SkillMatch } from './skill-match.js';
import type { Skill } from './skill.types.js';

export interface SkillRegistryState {
  /** Every registered skill, in the order registered. */
  readonly skills: readonly Skill[];
}

export interface SkillRegistryOptions {
  /** Told when a skill's `visible()` throws (the skill then counts as not visible); default a console error. */
  onError?: (error: unknown, skill: Skill) => void;
  /** How the initial skills are named in errors (default `createSkillRegistry(initial): initial`), e.g. `createDddk(config): config.skills`. */
  where?: string;
  /** The context `visible()` is asked with when a call passes none (where the visitor is now). */
  context?: () => SkillVisibilityContext;
  onListenerError?: (error: unknown) => void;
}

export interface SkillRegistry extends ReadableStore<SkillRegistryState> {
  /** Checks and adds a skill; returns the function that removes it. Throws on a taken id or command, naming both skills. */
  register(skill: Skill): () => void;
  /** Removes the skill; false when there was none by that id. */
  unregister(id: string): boolean;
  get(id: string): Skill | undefined;
  /** The skills to offer now: visible, not hidden. */
  list(context?: SkillVisibilityContext): Skill[];
  /** Every skill, hidden and invisible ones included. */
  listAll(): Skill[];
  /** The command a skill answers to. */
  commandOf(skill: Skill): string;
  /** Palette input `/command args…` → the skill and its arguments; hidden skills match, invisible ones do not. */
  match(input: string, context?: SkillVisibilityContext): SkillMatch | undefined;
  /** Completions of a half-typed `/command`, from the skills offered now. */
  matchPrefix(partial: string, context?: SkillVisibilityContext): SkillCompletion[];
}

/** The skills of a page, by id and by `/command`, over the kit's model contract so a palette lists them live. */
export function createSkillRegistry(initial: readonly Skill[] = [], options: SkillRegistryOptions = {}): SkillRegistry {
  if (!Array.isArray(initial)) throw new TypeError(`createSkillRegistry(initial): initial must be an array of skills, got ${describeValue(initial)}`);
  const store = createStore<SkillRegistryState>({ skills: Object.freeze([]) }, { name: 'skills', ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}) });
  const entries = new Map<string, CommandEntry>();
  const byKey = new Map<string, CommandEntry>();
  const failing = new Set<string>();
  const reportError = options.onError ?? ((error: unknown, skill: Skill) => console.error(`dddk: the visible() of the skill "${skill.id}" threw; it is not offered`, error));

  let batching = false;
  const publish = (): void => {
    if (!batching) store.setState({ skills: Object.freeze([...entries.values()].map((entry) => entry.skill)) });
  };

  const isVisible = (skill: Skill, context: SkillVisibilityContext): boolean => {
    if (!skill.visible) return true;
    try {
      const visible = skill.visible(context) === true;
      failing.delete(skill.id);
      return visible;
    } catch (error) {
      // Reported once while it keeps failing: the palette asks on every keystroke.
      if (!failing.has(skill.id)) {
        failing.add(skill.id);
        try {
          reportError(error, skill);
        } catch (reportFailure) {
          console.error('dddk: the skills onError option threw', reportFailure);
        }
      }
      return false;
    }
  };
  const contextOf = (context: SkillVisibilityContext | undefined): SkillVisibilityContext => context ?? options.context?.() ?? {};
  const offered = (context: SkillVisibilityContext | undefined): CommandEntry[] => {
    const resolved = contextOf(context);
    return [...entries.values()].filter((entry) => !entry.skill.hidden && isVisible(entry.skill, resolved));
  };

  const register = (skill: Skill, where = 'skills.register(skill)'): (() => void) => {
    checkSkill(skill, where);
    const taken = entries.get(skill.id);
    if (taken) throw new TypeError(`${where}: the id "${skill.id}" of "${skill.name}" is already the id of "${taken.skill.name}"; unregister that one first or give this one another id`);
    const command = skillCommand(skill);
    const key = commandKey(command);
    const clash = byKey.get(key);
    if (clash) {
      throw new TypeError(`${where}: the command "/${command}" of "${skill.name}" (${skill.id}) is already the command of "${clash.skill.name}" (${clash.skill.id}); give one of them another \`command\``);
    }
    const entry = { skill, command, key };
    entries.set(skill.id, entry);
    byKey.set(key, entry);
    publish();
    return () => {
      if (entries.get(skill.id)?.skill === skill) unregister(skill.id);
    };
  };

  const unregister = (id: string): boolean => {
    const entry = entries.get(id);
    if (!entry) return false;
    entries.delete(id);
    byKey.delete(entry.key);
    failing.delete(id);
    publish();
    return true;
  };

  // The initial skills make one state, not one per skill.
  batching = true;
  try {
    initial.forEach((skill, index) => register(skill, `${options.where ?? 'createSkillRegistry(initial): initial'}[${index}]`));
  } finally {
    batching = false;
  }
  publish();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    register: (skill) => register(skill),
    unregister,
    get: (id) => entries.get(id)?.skill,
    list: (context) => offered(context).map((entry) => entry.skill),
    listAll: () => [...entries.values()].map((entry) => entry.skill),
    commandOf: (skill) => entries.get(skill.id)?.command ?? skillCommand(skill),
    match(input, context) {
      if (typeof input !== 'string') return undefined;
      // Only the skill the command names is asked whether it is visible.
      const found = matchInput((key) => byKey.get(key), input);
      return found && isVisible(found.skill, contextOf(context)) ? found : undefined;
    },
    matchPrefix: (partial, context) => (typeof partial === 'string' ? completeInput(offered(context), partial) : []),
  };
}
