import { RUNNING_STATUSES, type AgentSession, type AgentStatus } from './session.types.js';

/** A random id; `crypto.randomUUID` needs a secure context, so plain http pages get random hex. */
export function createSessionId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: fall through.
    }
  }
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface NewSessionInit {
  task: string;
  currentPage?: string;
  /** Epoch ms; default `Date.now()`. */
  now?: number;
  id?: string;
}

/** A new session with no turns and version 0 (never written). */
export function createSession(init: NewSessionInit): AgentSession {
  const now = init.now ?? Date.now();
  return {
    id: init.id ?? createSessionId(),
    version: 0,
    status: 'idle',
    task: init.task,
    turns: [],
    transcript: null,
    completedSteps: [],
    currentPage: init.currentPage ?? '',
    startedAt: now,
    updatedAt: now,
  };
}

export function isRunningStatus(status: AgentStatus): boolean {
  return RUNNING_STATUSES.includes(status);
}

/** Records that the loop's step `stepId` was carried out; recording it twice changes nothing. */
export function completeStep(session: AgentSession, stepId: string): void {
  if (!session.completedSteps.includes(stepId)) session.completedSteps.push(stepId);
}

export function isStepCompleted(session: AgentSession, stepId: string): boolean {
  return session.completedSteps.includes(stepId);
}
