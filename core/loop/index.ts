export { runLoop } from './run-loop.js';
export { LoopError, type LoopErrorCode } from './loop-error.js';
export { DEFAULT_DESTRUCTIVE_PATTERNS, matchesDestructive, normalizeForGate } from './gates.js';
export { validateArguments } from './validate-args.js';
export { agentTurnTool, AGENT_TURN_TOOL } from './envelope-tool.js';
export { LOOP_DEFAULTS } from './resolve-options.js';
export type {
  ActionRecord,
  AnyLoopTool,
  ConfirmationOptions,
  EnvelopeFields,
  ToolOutputSource,
  LoopCheckpoint,
  LoopEndReason,
  LoopEvent,
  LoopEventType,
  LoopMode,
  LoopOptions,
  LoopRun,
  LoopTool,
  LoopTranscript,
  PendingTurn,
  PreparedTurn,
  StepRecord,
  ToolContext,
  ToolFailureReason,
  ToolResult,
  TurnContext,
  TurnRecord,
} from './types.js';
