export {
  createPromptRegistry,
  type PromptRegistry,
  type PromptRegistryOptions,
  type PromptOverrideFn,
  type PromptAppendix,
  type PromptTexts,
} from './prompt-registry.js';
export { PROMPT_IDS, shippedPrompts } from './shipped-prompts.js';
export type {
  PromptContext,
  PersonaConfig,
  PersonaInput,
  BrandPrompt,
  ActionOverrides,
  SystemPromptOverride,
} from './prompt-context.js';
export { buildWebAgentSystemPrompt } from './build-web-agent-system-prompt.js';
export { prepareToolCatalog, formatToolReference, compactType } from './tool-catalog.js';
export { buildTurnContext, type TurnContextInput } from './build-turn-context.js';
export type { FenceSource, PromptTextHooks } from './text-hooks.js';
export { buildPlannerPrompt, type PlannerPromptInput } from './build-planner-prompt.js';
export { parseTaskPlan, validateTaskPlan, TaskPlanError, TASK_PLAN_LIMITS, type TaskPlan } from './task-plan.js';
export { matchLocale } from './locale-match.js';
