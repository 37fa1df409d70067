export { createWebAgent } from './web-agent.js';
export { checkWebAgentConfig, checkTask, MAX_TASK_LENGTH, SCREENSHOT_CONFIG_FIELDS, WEB_AGENT_CONFIG_FIELDS } from './check-config.js';
export { WEB_AGENT_DEFAULTS } from './resolve-config.js';
export { browserPage } from '../../page/browser-page.js';
export { waitForDomSettle } from '../../page/dom-settle.js';
export { lazyOfflineGuide, isOfflineGuide, OFFLINE_PROVIDER_NAME } from './offline-llm.js';
export { agentStrings, type AgentStrings } from './agent.strings.js';
export { currentTodos, formatTodos, type PlanTodo } from './plan-todos.js';
export type {
  AgentAction,
  AgentActionOverride,
  AgentEndReason,
  AgentEvent,
  AgentEventType,
  AgentFenceSource,
  AgentHost,
  AgentLLMRole,
  AgentOutcome,
  AgentPage,
  AgentPauseRequest,
  AgentRun,
  AgentRunExport,
  AgentRunOptions,
  AgentStopCause,
  HostCallOptions,
  PageReadOptions,
  PageSnapshot,
  PauseCause,
  PlannerInput,
  SettleOptions,
  ToolHandle,
  WebAgent,
  WebAgentConfig,
  WebAgentScreenshotConfig,
} from './web-agent.types.js';
export type * from './agent-bus-events.js';
export type * from './agent-intents.js';
