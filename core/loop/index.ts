export { runLoop } from './run-loop.js';
export { LoopError, type LoopErrorCode } from './loop-error.js';
export { judgeCall } from './effect-gate.js';
export { SECRET_PLACEHOLDER } from './secret-args.js';
export { validateArguments } from './validate-args.js';
export { agentTurnTool, AGENT_TURN_TOOL } from './envelope-tool.js';
export { LOOP_DEFAULTS } from './resolve-options.js';
export type {
  ActionRecord,
  AnyLoopTool,
  EffectGateOptions,
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
  ToolFailureCode,
  ToolResult,
  TurnContext,
  TurnRecord,
} from './types.js';
