/**
 * What the controller reads of the agent's stored session before the agent's code has loaded:
 * whether a run that a reload interrupted waits to be resumed (so that only then is the code
 * fetched), and the session for an export. Reads only; the session store owns every write. The
 * store's key, record format and resume window are repeated here rather than imported, so that this check does not
 * bring the store into the first download; a test keeps them equal.
 */
import { isRunningStatus } from '../../session/session-record.js';
import type { AgentSession, AgentStatus } from '../../session/session.types.js';
import type { AgentRunExport } from '../web-agent.types.js';
import type { ControllerAgentConfig } from './controller-agent-config.js';

/** The session store's default key (`DEFAULT_SESSION_KEY`). */
export const STORED_SESSION_KEY = 'dddk.webagent.session';
/** The format tag of a stored session record (`SESSION_FORMAT`). */
export const STORED_SESSION_FORMAT = 'dddk.session';
/** How recent an interrupted run must be to be resumed (`DEFAULT_RESUME_WINDOW_MS`). */
export const STORED_RESUME_WINDOW_MS = 10 * 60 * 1000;

export interface StoredSessionSource {
  key: string;
  /** The agent's `sessionStorage` option. */
  storage: ControllerAgentConfig['sessionStorage'];
}

/** The key the controller's agent keeps its session under: its own per controller id, unless configured. */
export function controllerSessionKey(controllerId: string | undefined, agent: ControllerAgentConfig | undefined): string {
  return agent?.sessionStorageKey ?? (controllerId === undefined ? STORED_SESSION_KEY : `${STORED_SESSION_KEY}.${controllerId}`);
}

/** True when the stored record says a run was under way at its last write, recently enough to resume. */
export function hasPendingRun(source: StoredSessionSource, now = Date.now()): boolean {
  const record = readRecord(source);
  if (!record || typeof record.updatedAt !== 'number') return false;
  return isRunningStatus(record.body.status as AgentStatus) && now - record.updatedAt <= STORED_RESUME_WINDOW_MS;
}

/**
 * The stored session as an export, as stored (the session store validates it when the agent loads
 * it), or null when there is none.
 */
export function exportStoredSession(source: StoredSessionSource): AgentRunExport | null {
  const record = readRecord(source);
  if (!record) return null;
  const session = { ...record.body, version: record.version, updatedAt: record.updatedAt } as AgentSession;
  return { format: 'dddk.agent-run', version: 1, exportedAt: Date.now(), session };
}

interface StoredRecord {
  version?: unknown;
  updatedAt?: unknown;
  body: Record<string, unknown>;
}

function readRecord(source: StoredSessionSource): StoredRecord | undefined {
  const text = readStoredText(source);
  if (!text) return undefined;
  try {
    const record = JSON.parse(text) as { format?: unknown; body?: unknown } | null;
    if (record?.format !== STORED_SESSION_FORMAT || typeof record.body !== 'object' || record.body === null) return undefined;
    return record as StoredRecord;
  } catch {
    return undefined;
  }
}

function readStoredText({ key, storage }: StoredSessionSource): string | null {
  try {
    // A fresh memory store holds nothing yet.
    if (storage === 'memory') return null;
    if (storage === undefined || storage === 'session' || storage === 'local') {
      const name = storage === 'local' ? 'localStorage' : 'sessionStorage';
      return (globalThis as Partial<Record<typeof name, Storage>>)[name]?.getItem(key) ?? null;
    }
    return storage.get(key);
  } catch {
    // Storage the page may not read (a sandboxed frame, blocked cookies) holds nothing the agent could resume either.
    return null;
  }
}
