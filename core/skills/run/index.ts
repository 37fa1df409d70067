export { createSkillRunner } from './create-skill-runner.js';
export { createPanelStack } from './panel-stack.js';
export { skillRunStrings, type SkillRunStrings } from './run.strings.js';
export type { SkillRunner, SkillRunnerOptions, SkillRunnerState, SkillRunOptions } from './skill-runner.types.js';
export type { SkillOutcome, SkillFailureReason, ActiveSkillRun } from './skill-outcome.types.js';
export type {
  SkillPorts,
  SkillClock,
  SkillOverlayHandle,
  SkillNavigation,
  VisitorAnswer,
  VisitorWaitOptions,
  TargetWaitOptions,
  SkillAgentRun,
  SkillAgentRunEnd,
  SkillPageInfo,
} from './skill-ports.types.js';
export type { PanelStack, PanelStackOptions, PanelStackState, PanelFrame, PanelBreadcrumb, PanelEntry } from './panel-stack.types.js';
export type * from './skill-run-intents.js';
