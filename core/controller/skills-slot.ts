/**
 * The controller's skills slot: the registry, the runner and the settings store, made when the
 * skills' code loads (`dddk.loadSkills()`). Only the key and the types live here, so a view (the
 * palette's panel stack) can look the slot up without loading the skills.
 */
import type { PreferenceStore } from '../skills/preferences/preference-store.js';
import type { SkillOutcome } from '../skills/run/skill-outcome.types.js';
import type { SkillRunner } from '../skills/run/skill-runner.types.js';
import type { SkillRegistry } from '../skills/skill-registry.js';
import type { DddkController } from './controller.types.js';
import { slotKey } from './slots.js';

export interface ControllerSkills {
  readonly registry: SkillRegistry;
  /** Runs the skills; its `panels` is the stack the palette renders while a panel skill is entered. */
  readonly runner: SkillRunner;
  readonly preferences: PreferenceStore;
  /** Runs a skill as the visitor asked for it: a failure's message goes to the subtitle bar, and the outcome is returned. */
  run(idOrCommand: string, args?: Readonly<Record<string, string>>): Promise<SkillOutcome>;
  /** Goes on with a tour a reload interrupted (its step pointer), saying a failure as `run` does. */
  resumePending(): Promise<SkillOutcome | undefined>;
  /** Shows the skill's settings form (from the palette); resolves true once saved, false when cancelled. */
  editPreferences(skillId: string): Promise<boolean>;
  /** Cancels every run, leaves every panel and withdraws the skills' palette rows and agent tools. */
  dispose(): void;
}

export const SKILLS = slotKey<ControllerSkills>('skills', (skills) => skills.dispose());

/** The skills of `controller` once they have loaded, else `undefined`. */
export function peekControllerSkills(controller: DddkController): ControllerSkills | undefined {
  return controller.slots.peek(SKILLS);
}

/** Calls `listener` when the skills of `controller` load; returns the unsubscribe. */
export function watchControllerSkills(controller: DddkController, listener: (skills: ControllerSkills) => void): () => void {
  return controller.slots.watch(SKILLS, listener);
}
