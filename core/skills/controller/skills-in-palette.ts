/**
 * The skills in the controller's palette: their rows (made again when the skills change and each
 * time the palette opens, so `visible()` is asked where the visitor is now), the host's `run-skill`
 * actions, and the panels: entering one opens the palette, closing the palette leaves them all.
 */
import type { PaletteHandle } from '../../palette/palette-item.types.js';
import type { PaletteModel } from '../../palette/palette.types.js';
import type { SkillOutcome } from '../run/skill-outcome.types.js';
import type { SkillRunner } from '../run/skill-runner.types.js';
import type { SkillVisibilityContext } from '../skill-context.types.js';
import type { SkillRegistry } from '../skill-registry.js';
import type { Skill } from '../skill.types.js';
import { skillPaletteItems } from './skill-palette-items.js';

export interface SkillsInPaletteOptions {
  palette: PaletteModel;
  registry: SkillRegistry;
  runner: SkillRunner;
  context(): SkillVisibilityContext;
  run(input: string, args?: Readonly<Record<string, string>>): Promise<SkillOutcome>;
  editPreferences(skillId: string): Promise<boolean>;
  reportError(error: unknown, source: string): void;
}

/** Connects the skills to the palette until the returned function disconnects them. */
export function connectSkillsToPalette(options: SkillsInPaletteOptions): () => void {
  const { palette, registry, runner } = options;
  const fromPalette = (input: string, args?: Readonly<Record<string, string>>, handle?: PaletteHandle): void => {
    const skill = input.startsWith('/') ? registry.match(input, options.context())?.skill : registry.get(input);
    // A tour or an answer needs the page in view; a panel or a form placed in the palette needs the
    // palette, whose field then belongs to the skill (and a palette whose field was set stays open).
    if (!keepsPaletteOpen(skill)) palette.close();
    else handle?.setQuery('');
    options.run(input, args).catch((error: unknown) => options.reportError(error, 'skills-run'));
  };
  const actions = {
    run: (input: string, handle: PaletteHandle) => fromPalette(input, undefined, handle),
    // The form is a dialog of its own: the palette that found it gives way to it.
    editSettings: (skillId: string) => {
      palette.close();
      options.editPreferences(skillId).catch((error: unknown) => options.reportError(error, 'skills-settings'));
    },
  };
  let removeRows = (): void => undefined;
  const refreshRows = (): void => {
    removeRows();
    removeRows = palette.addItems(skillPaletteItems(registry, options.context(), actions));
  };
  refreshRows();
  const stopRegistry = registry.subscribe(refreshRows);
  const stopPalette = palette.subscribe((state, previous) => {
    if (state.open && !previous.open) refreshRows();
    if (!state.open && previous.open) runner.panels.close();
  });
  let frames = runner.panels.getState().frames.length;
  const stopPanels = runner.panels.subscribe((state) => {
    if (state.frames.length > frames && !palette.getState().open) palette.open();
    frames = state.frames.length;
  });
  const disconnectPorts = palette.connectPorts({ runSkill: (skillId, vars) => fromPalette(skillId, vars) });
  return () => {
    stopRegistry();
    stopPalette();
    stopPanels();
    disconnectPorts();
    removeRows();
  };
}

function keepsPaletteOpen(skill: Skill | undefined): boolean {
  return skill?.kind === 'panel' || (skill?.kind === 'surface' && skill.placement === 'palette');
}
