/**
 * The controller's skills, made when their code loads: the registry (the config's skills first),
 * the settings store, the runner over the page's ports, and the bridges that keep the palette's
 * rows and the agent's tools in step with the registry. `dispose()` undoes all of it.
 */
import type { ControllerSkills } from '../../controller/skills-slot.js';
import type { DddkController } from '../../controller/controller.types.js';
import { webStorage } from '../../storage/web-storage.js';
import { showSurfaceAndAwait } from '../../surface/awaited-surfaces.js';
import { createPreferenceStore } from '../preferences/preference-store.js';
import { fillSettingsForm } from '../preferences/settings-form.js';
import { promptSources } from '../prompt-sources.js';
import { createSkillRunner } from '../run/create-skill-runner.js';
import type { SkillOutcome } from '../run/skill-outcome.types.js';
import type { SkillVisibilityContext } from '../skill-context.types.js';
import { createSkillRegistry } from '../skill-registry.js';
import type { Skill } from '../skill.types.js';
import { registerDeclaredSkills } from './declared-skills.js';
import { createPageSkillPorts, pageInfo } from './page-skill-ports.js';
import { offerSkillsAsTools } from './skill-agent-tools.js';
import type { SkillOptions } from './skill-options.types.js';
import { connectSkillsToPalette } from './skills-in-palette.js';
import { skillsPaletteStrings } from './skills-palette.strings.js';

export type { SkillOptions } from './skill-options.types.js';

export interface ControllerSkillsOptions {
  controller: DddkController;
  /** The config's skills, checked here (a TypeError names `config.skills[i]` and the field). */
  skills: readonly Skill[];
  /** Skills written as JSON, each checked as such; one that fails is reported (`skills-declared`) and left out. */
  declared?: readonly unknown[];
  options?: SkillOptions;
  /** The session storage key of a tour's step pointer. */
  pointerKey?: string;
  reportError(error: unknown, source: string): void;
}

export function createControllerSkills({ controller, skills, declared = [], options = {}, pointerKey, reportError }: ControllerSkillsOptions): ControllerSkills {
  const context = (): SkillVisibilityContext => ({
    ...(typeof location !== 'undefined' ? { path: location.pathname } : {}),
    locale: controller.locale,
    ...(options.visitor ? { user: options.visitor() } : {}),
  });
  const onError = (error: unknown, skill?: Skill) => reportError(error, skill ? `skill:${skill.id}` : 'skills');
  const registry = createSkillRegistry(skills, { where: 'createDddk(config): config.skills', context, onError, onListenerError: (error) => reportError(error, 'skills-listener') });
  for (const problem of registerDeclaredSkills(registry, declared, 'createDddk(config): config.declaredSkills')) {
    reportError(new TypeError(problem.message), 'skills-declared');
  }
  const preferences = createPreferenceStore({
    storage: options.storage ?? webStorage('local'),
    ...(options.secretStorage ? { secretStorage: options.secretStorage } : {}),
    onFailure: (failure) => reportError(new Error(failure.message, { cause: failure.error }), 'skills-storage'),
    locale: () => controller.locale,
  });
  const ports = createPageSkillPorts(controller, {
    ...(options.sessionStorage ? { sessionStorage: options.sessionStorage } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  });
  // While the agent itself runs a skill, a step that would hand a task to the agent must not restart it.
  let runsForAgent = 0;
  const startAgent = ports.startAgent!;
  ports.startAgent = (task) =>
    runsForAgent > 0 ? { ended: Promise.resolve({ status: 'failed', message: 'the assistant is already running this skill' }) } : startAgent(task);
  const runner = createSkillRunner({
    registry,
    preferences,
    ports,
    locale: () => controller.locale,
    onError,
    ...(pointerKey !== undefined ? { pointerKey } : {}),
    ...(options.targetTimeoutMs !== undefined ? { targetTimeoutMs: options.targetTimeoutMs } : {}),
  });

  const tell = (outcome: SkillOutcome): SkillOutcome => {
    if (outcome.status === 'failed') controller.subtitle.show({ text: outcome.message, type: 'error' });
    return outcome;
  };
  const run = (input: string, args: Readonly<Record<string, string>> = {}) => runner.run(input, args).then(tell);
  const editPreferences = async (skillId: string): Promise<boolean> => {
    const skill = registry.get(skillId);
    if (!skill?.preferences?.length) throw new TypeError(`skills.editPreferences(skillId): "${skillId}" is no skill with settings`);
    const saved = await fillSettingsForm(skill, {
      preferences,
      show: (surface) => showSurfaceAndAwait(controller, surface, 'modal', { purpose: 'preferences' }),
      locale: controller.locale,
      reportError: (error) => onError(error, skill),
    });
    if (saved) controller.subtitle.show({ text: skillsPaletteStrings(controller.locale).settingsSaved(skill.name), type: 'success' });
    return saved;
  };

  const disconnectPalette = connectSkillsToPalette({ palette: controller.palette, registry, runner, context, run, editPreferences, reportError });
  const withdrawTools = offerSkillsAsTools({
    registry,
    tools: controller.tools,
    run: async (skillId, args) => {
      runsForAgent++;
      try {
        return await runner.run(skillId, args);
      } finally {
        runsForAgent--;
      }
    },
    sources: () => {
      const page = pageInfo();
      return promptSources({ ...optional('selection', ports.selection()), ...optional('pageTitle', page.title), ...optional('pageUrl', page.url) });
    },
    reportError: onError,
  });

  return {
    registry,
    runner,
    preferences,
    run,
    resumePending: () => runner.resumePending().then((outcome) => outcome && tell(outcome)),
    editPreferences,
    dispose() {
      runner.cancel();
      withdrawTools();
      disconnectPalette();
      ports.marks.clear();
    },
  };
}

function optional<Key extends string>(key: Key, value: string | undefined): Partial<Record<Key, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, string>);
}

