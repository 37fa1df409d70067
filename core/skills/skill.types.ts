import type { PaletteIcon } from '../palette/palette-item.types.js';
import type { SurfaceData } from '../surface/surface-model.js';
import type { PieceSurface } from '../surface/surface.types.js';
import type { PreferenceField } from './preferences/preference.types.js';
import type { DeclaredScriptStep, ScriptStep, SkillSurfacePlacement } from './script-step.types.js';
import type { PanelSkillContext, SkillContext, SkillVisibilityContext, SurfaceSkillContext } from './skill-context.types.js';

export type SkillKind = 'script' | 'prompt' | 'action' | 'surface' | 'panel';

export const SKILL_KINDS: readonly SkillKind[] = ['script', 'prompt', 'action', 'surface', 'panel'];

/** The most arguments a command takes; more than that belongs in a form (a surface skill). */
export const MAX_SKILL_ARGUMENTS = 3;

/** A word typed after the `/command`, in order. */
export interface SkillArgument {
  /** The name it is read under (`{{name}}` in a prompt, `args.name` in code). */
  name: string;
  /** The hint the palette shows where it is to be typed, e.g. "language". */
  placeholder: string;
  required?: boolean;
}

/** Offers the skill to the agent as a tool it may call. */
export interface SkillAgentTool {
  /** What the tool does and when to use it, for the model. */
  description: string;
  /** The agent asks the visitor before it runs the skill. */
  requireConfirmation?: boolean;
}

/** The fields every kind of skill has. */
export interface SkillCommon {
  /** Unique among the skills: 1 to 128 letters, digits or `-_.:/`. */
  id: string;
  name: string;
  description?: string;
  icon?: PaletteIcon;
  /** The palette's section heading for it. */
  section?: string;
  /** Left out of the lists and completions, still run by its command or id. */
  hidden?: boolean;
  /** Whether it is offered now; one that throws counts as not visible (and is reported). */
  visible?: (context: SkillVisibilityContext) => boolean;
  /** The word typed after `/` (no spaces); default the id lower-cased, with other characters as `-`. */
  command?: string;
  arguments?: readonly SkillArgument[];
  agentTool?: SkillAgentTool;
  /** Settings the visitor fills once; the skill does not run until the required ones are. */
  preferences?: readonly PreferenceField[];
}

/** A guided sequence of steps: a tour, a walkthrough, a demo. */
export interface ScriptSkill extends SkillCommon {
  kind: 'script';
  steps: readonly ScriptStep[];
}

/** A prompt template, run through the agent or as one call to the model. */
export interface PromptSkill extends SkillCommon {
  kind: 'prompt';
  /** `{{name}}` is filled from the arguments, then `variables`, then the sources the runner has. */
  prompt: string;
  variables?: Readonly<Record<string, string>>;
  /** `agent` (default): the filled text is a task for the agent; `llm`: one call, its answer shown. */
  via?: 'agent' | 'llm';
}

/** Code of the site's, run with a context. */
export interface ActionSkill extends SkillCommon {
  kind: 'action';
  handler: (context: SkillContext) => void | Promise<void>;
}

/** A form: a static surface, or one built when the skill runs; its submit goes to `onSubmit` or to the agent. */
export interface SurfaceSkill extends SkillCommon {
  kind: 'surface';
  surface?: PieceSurface;
  build?: (context: SurfaceSkillContext) => PieceSurface | Promise<PieceSurface>;
  onSubmit?: (data: SurfaceData, context: SurfaceSkillContext) => unknown;
  /** Without `onSubmit`: a template filled with the submitted fields (`{{field}}`), handed to the agent. */
  submitPrompt?: string;
  placement?: SkillSurfacePlacement;
}

/** Takes over the palette: what is typed goes to the skill, which renders its own content. */
export interface PanelSkill extends SkillCommon {
  kind: 'panel';
  /** `palette`: `/commands` still work and Enter can still ask the agent; `takeover`: every keystroke is the skill's. */
  inputMode: 'palette' | 'takeover';
  placeholder?: string;
  onEnter?: (context: PanelSkillContext) => unknown;
  onInput?: (text: string, context: PanelSkillContext) => unknown;
  onSubmit?: (text: string, context: PanelSkillContext) => unknown;
  onAction?: (action: string, data: SurfaceData, context: PanelSkillContext) => unknown;
  onLeave?: () => unknown;
}

export type Skill = ScriptSkill | PromptSkill | ActionSkill | SurfaceSkill | PanelSkill;

/** A skill as a page config's JSON can hold it: no code, so only prompts, scripts of JSON steps and static forms. */
export type DeclaredSkill =
  | Omit<PromptSkill, 'visible'>
  | (Omit<SkillCommon, 'visible'> & { kind: 'script'; steps: readonly DeclaredScriptStep[] })
  | (Omit<SkillCommon, 'visible'> & { kind: 'surface'; surface: PieceSurface; submitPrompt: string; placement?: SkillSurfacePlacement });
