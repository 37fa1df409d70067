export type {
  SkillCommon,
  SkillKind,
  SkillArgument,
  SkillAgentTool,
  ScriptSkill,
  PromptSkill,
  ActionSkill,
  SurfaceSkill,
  PanelSkill,
  Skill,
  DeclaredSkill,
} from './skill.types.js';
export { SKILL_KINDS, MAX_SKILL_ARGUMENTS } from './skill.types.js';
export type {
  PointStyle,
  SkillSurfacePlacement,
  NavigateStep,
  SubtitleStep,
  PointStep,
  InjectStep,
  ClearStep,
  WaitStep,
  SurfaceStep,
  LlmStep,
  SkillStep,
  ActionStep,
  DeclaredScriptStep,
  ScriptStep,
  ScriptStepKind,
  VisitorDecision,
  SkillTools,
  TargetMissing,
} from './script-step.types.js';
export { SCRIPT_STEP_KINDS, POINT_STYLES, SKILL_SURFACE_PLACEMENTS, TARGET_MISSING } from './script-step.types.js';
export type { SkillVisibilityContext, SkillContext, SurfaceSkillContext, PanelSkillContext } from './skill-context.types.js';
export { checkSkill } from './check-skill.js';
export { checkDeclaredSkill } from './check-declared-skill.js';
export { skillCommand, commandFromId, COMMAND_PATTERN } from './skill-command.js';
export { splitCommand, readWords, type CommandToken } from './command-input.js';
export type { SkillMatch, SkillCompletion } from './skill-match.js';
export { createSkillRegistry, type SkillRegistry, type SkillRegistryState, type SkillRegistryOptions } from './skill-registry.js';
export { templateVariables, fillTemplate, type TemplateValues, type TemplateFill } from './prompt-template.js';
export { promptSources, fillSkillPrompt, unfillableVariables, secretPlaceholders, PROMPT_SOURCE_NAMES, type PromptSourceInput } from './prompt-sources.js';
export { skillToolDescriptor, type SkillToolDescriptor } from './skill-agent-tool.js';
export { skillStrings, type SkillStrings } from './skills.strings.js';
export * from './preferences/index.js';
export * from './run/index.js';
