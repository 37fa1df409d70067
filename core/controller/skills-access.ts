/**
 * The controller's way to its skills: their code loads on demand (a chunk of its own), on
 * `loadSkills()`, on the first `runSkill()`, when the config has skills, or when a tour's step
 * pointer waits in the tab's sessionStorage (a reload in the middle of a tour).
 */
import type { Skill } from '../skills/skill.types.js';
import type { SkillOptions } from '../skills/controller/skill-options.types.js';
import { lazyModule } from '../util/lazy-module.js';
import { onceUntilFailure } from '../util/once-until-failure.js';
import type { DddkController } from './controller.types.js';
import { SKILLS, type ControllerSkills } from './skills-slot.js';

const skillsModule = lazyModule('the skills', () => import('../skills/controller/controller-skills.js'));

export interface SkillsAccess {
  readonly loaded: ControllerSkills | undefined;
  load(): Promise<ControllerSkills>;
  /** Loads the skills when the config has some or a tour waits to go on, then resumes it. */
  loadIfWanted(): void;
}

export interface SkillsAccessOptions {
  controller: () => DddkController;
  skills: readonly Skill[];
  declared: readonly unknown[];
  options: SkillOptions | undefined;
  reportError(error: unknown, source: string): void;
}

/** The session storage key of a tour's step pointer: one per controller id. */
export function skillPointerKey(controllerId: string | undefined): string {
  return controllerId === undefined ? 'dddk.skills.run' : `dddk.skills.run.${controllerId}`;
}

export function createSkillsAccess(access: SkillsAccessOptions): SkillsAccess {
  const create = (module: typeof import('../skills/controller/controller-skills.js')): ControllerSkills => {
    const controller = access.controller();
    if (controller.destroyed) throw new Error('dddk: the controller was destroyed while the skills loaded');
    return controller.slots.use(SKILLS, () =>
      module.createControllerSkills({
        controller,
        skills: access.skills,
        declared: access.declared,
        ...(access.options ? { options: access.options } : {}),
        pointerKey: skillPointerKey(controller.id),
        reportError: access.reportError,
      }),
    );
  };
  // A failed load (the chunk, or a config mistake: a TypeError naming the field) is tried again next time.
  const load = onceUntilFailure(() => skillsModule.load().then(create));
  return {
    get loaded() {
      return access.controller().slots.peek(SKILLS);
    },
    load,
    loadIfWanted() {
      const controller = access.controller();
      if (access.skills.length === 0 && access.declared.length === 0 && !tourWaits(skillPointerKey(controller.id), access.options)) return;
      load()
        .then((skills) => skills.resumePending())
        .catch((error: unknown) => access.reportError(error, 'skills-load'));
    },
  };
}

function tourWaits(key: string, options: SkillOptions | undefined): boolean {
  try {
    const stored = options?.sessionStorage ? options.sessionStorage.get(key) : globalThis.sessionStorage?.getItem(key);
    return typeof stored === 'string' && stored !== '';
  } catch {
    return false;
  }
}
