/**
 * What a loop step changes in the session: the checkpoint to resume from, the steps carried out, and
 * the turns the user saw. Step ids carry the task's position in the session, so that the steps of a
 * follow-up never collide with those of the task before it.
 */
import type { JsonObject, JsonValue } from '../../events/json.js';
import type { LoopCheckpoint, StepRecord } from '../../loop/types.js';
import { completeStep, isStepCompleted } from '../session/session-record.js';
import type { AgentSession, AgentStepTurn } from '../session/session.types.js';

const SUMMARY_LIMIT = 200;

/** How many tasks the session has been given; the current task's number. */
export function taskOrdinal(session: AgentSession): number {
  return session.turns.filter((turn) => turn.kind === 'user').length;
}

export function stepIdOf(session: AgentSession, record: StepRecord): string {
  const base = `task${taskOrdinal(session)}.step${record.step}`;
  return record.kind === 'action' ? `${base}.action${record.actionIndex}` : base;
}

/** Applies one `step` event of the loop to the session (in memory; the caller saves). */
export function recordLoopStep(session: AgentSession, record: StepRecord, checkpoint: LoopCheckpoint, now: number): void {
  session.transcript = checkpoint as unknown as JsonValue;
  const finished = record.kind === 'turn' || record.status === 'done';
  if (!finished) return;
  const stepId = stepIdOf(session, record);
  if (isStepCompleted(session, stepId)) return;
  completeStep(session, stepId);
  if (record.kind !== 'action') return;
  const turn: AgentStepTurn = {
    kind: 'agent_step',
    ts: now,
    stepId,
    tool: record.tool || '(unreadable action)',
    args: record.args as JsonObject,
    ok: record.result?.ok === true,
  };
  if (record.narrate) turn.narration = record.narrate;
  const message = record.result?.message ?? (record.result && !record.result.ok ? record.result.code : undefined);
  if (message) turn.summary = message.length > SUMMARY_LIMIT ? `${message.slice(0, SUMMARY_LIMIT - 1)}…` : message;
  session.turns.push(turn);
}

/** A stored transcript that the loop can resume from, or undefined. */
export function storedCheckpoint(session: AgentSession): LoopCheckpoint | undefined {
  const value = session.transcript as Partial<LoopCheckpoint> | null;
  if (!value || typeof value !== 'object' || value.version !== 1 || !value.transcript) return undefined;
  return value as LoopCheckpoint;
}

/**
 * Where the run's last action took it, when that action loaded another document (`navigate` without a
 * router): the URL a resumed run is expected to wake up on.
 */
export function arrivedByLoad(checkpoint: LoopCheckpoint): string | undefined {
  const records = checkpoint.transcript.records;
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.kind !== 'action' || record.status !== 'done') continue;
    const result = record.result;
    return result?.ok && result.navigation?.newDocument ? result.navigation.to : undefined;
  }
  return undefined;
}

const HISTORY_LINES = 24;
const HISTORY_LINE_LIMIT = 240;

/**
 * The session's earlier exchanges, before the current task, as short lines for the prompt: what
 * was asked, what was done, what was answered.
 */
export function earlierHistory(session: AgentSession): string[] {
  const lastTask = session.turns.map((turn) => turn.kind).lastIndexOf('user');
  const lines: string[] = [];
  for (const turn of session.turns.slice(0, Math.max(0, lastTask))) {
    if (turn.kind === 'user') lines.push(`The user asked: ${turn.text}`);
    else if (turn.kind === 'agent_final') lines.push(`You answered: ${turn.text}`);
    else lines.push(`${turn.tool}${turn.ok ? '' : ' (failed)'}${turn.narration ? ` — ${turn.narration}` : ''}`);
  }
  return lines.slice(-HISTORY_LINES).map((line) => (line.length > HISTORY_LINE_LIMIT ? `${line.slice(0, HISTORY_LINE_LIMIT - 1)}…` : line));
}

/** The current task: the last thing the user asked. */
export function currentTask(session: AgentSession): string {
  for (let i = session.turns.length - 1; i >= 0; i -= 1) {
    const turn = session.turns[i]!;
    if (turn.kind === 'user') return turn.text;
  }
  return session.task;
}
