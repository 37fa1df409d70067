export {
  AGENT_STATUSES,
  RUNNING_STATUSES,
  type AgentStatus,
  type AgentSession,
  type AgentTurn,
  type UserTurn,
  type AgentStepTurn,
  type AgentFinalTurn,
  type TurnSelection,
} from './session.types.js';
export { createSession, createSessionId, completeStep, isStepCompleted, isRunningStatus, type NewSessionInit } from './session-record.js';
export {
  SESSION_FORMAT,
  SESSION_SCHEMA,
  SessionRecordError,
  validateSession,
  parseStoredSession,
  type SessionRecordProblem,
  type SessionHead,
} from './session-codec.js';
export {
  decideContinuation,
  isResumable,
  DEFAULT_RESUME_WINDOW_MS,
  type ContinuityOptions,
  type ContinuationReason,
} from './continuity.js';
export type { CrossTabOptions, SessionChannelPort } from './cross-tab-channel.js';
export {
  createSessionStore,
  DEFAULT_SESSION_KEY,
  type StorageAdapter,
  type SessionStore,
  type SessionStoreOptions,
  type SessionStoreEvent,
  type SessionStoreListener,
  type BeginOptions,
  type BeginResult,
  type SaveResult,
} from './session-store.js';
export { createSessionsRegistry, type SessionsRegistry, type SessionsRegistryOptions } from './sessions-registry.js';
export { trimForPrompt, type TrimOptions } from './trim-for-prompt.js';
export { estimateTokens, estimateMessageTokens, estimatePromptTokens, IMAGE_TOKEN_ESTIMATE } from './token-estimate.js';
