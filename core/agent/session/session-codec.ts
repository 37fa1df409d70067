import type { JsonObject, JsonValue } from '../../events/json.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { validateTaskPlan } from '../../prompts/task-plan.js';
import {
  AGENT_STATUSES,
  type AgentSession,
  type AgentStatus,
  type AgentTurn,
  type TurnSelection,
} from './session.types.js';
import { DddkError } from '../../util/dddk-error.js';

/** Tags a stored session so another library's value under the same key is recognised as foreign. */
export const SESSION_FORMAT = 'dddk.session';
/** Bumped when the stored shape changes; a record of another schema is dropped, not misread. */
export const SESSION_SCHEMA = 1;

/** Why a stored or received record was not used. */
export type SessionRecordProblem = 'corrupt-json' | 'foreign' | 'unsupported-schema' | 'invalid';

export class SessionRecordError extends DddkError<'session-record'> {
  override readonly name = 'SessionRecordError';
  readonly code = 'session-record';
  constructor(
    readonly problem: SessionRecordProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The head of a stored record, read without parsing the (possibly large) rest. */
export interface SessionHead {
  id: string;
  version: number;
  updatedAt: number;
}

/**
 * The body is everything but the write bookkeeping (`version`, `updatedAt`), so comparing it with the
 * last one written tells whether anything changed. It is the one full serialisation per write.
 */
export function serializeSessionBody(session: AgentSession): string {
  const { version: _version, updatedAt: _updatedAt, ...body } = session;
  try {
    return JSON.stringify(body);
  } catch (error) {
    throw new TypeError(
      `session "${session.id}" cannot be stored: it must be plain JSON (${(error as Error).message}); check what was put in transcript or pendingActions.`,
    );
  }
}

/** The stored text: a small header (format, schema, id, version, updatedAt) then the body. */
export function composeStoredSession(head: SessionHead, body: string): string {
  return (
    `{"format":"${SESSION_FORMAT}","schema":${SESSION_SCHEMA},"id":${JSON.stringify(head.id)},` +
    `"version":${head.version},"updatedAt":${head.updatedAt},"body":${body}}`
  );
}

const HEAD_PATTERN = /^\{"format":"dddk\.session","schema":(\d+),"id":("(?:[^"\\]|\\.)*"),"version":(\d+),"updatedAt":(\d+(?:\.\d+)?),/;

/** Reads the header of a stored record; `undefined` when the text is not one of ours of this schema. */
export function peekSessionHead(text: string | null): SessionHead | undefined {
  if (!text) return undefined;
  const match = HEAD_PATTERN.exec(text.slice(0, 512));
  if (!match || Number(match[1]) !== SESSION_SCHEMA) return undefined;
  try {
    return { id: JSON.parse(match[2]!) as string, version: Number(match[3]), updatedAt: Number(match[4]) };
  } catch {
    return undefined;
  }
}

/** Parses and validates stored text; throws a `SessionRecordError` naming the problem. */
export function parseStoredSession(text: string): AgentSession {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SessionRecordError('corrupt-json', `the stored text is not JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(value) || value.format !== SESSION_FORMAT) {
    throw new SessionRecordError('foreign', `the stored value is not a ${SESSION_FORMAT} record`);
  }
  if (value.schema !== SESSION_SCHEMA) {
    throw new SessionRecordError(
      'unsupported-schema',
      `the record has schema ${JSON.stringify(value.schema)}; this version reads schema ${SESSION_SCHEMA}`,
    );
  }
  if (!isPlainObject(value.body)) throw new SessionRecordError('invalid', 'the record has no body object');
  const session = validateSession({ ...value.body, version: value.version, updatedAt: value.updatedAt });
  if (session.id !== value.id) throw new SessionRecordError('invalid', 'the header id and the body id differ');
  return session;
}

/** Checks that `value` is a well-formed session and returns a clean copy holding only known fields. */
export function validateSession(value: unknown): AgentSession {
  if (!isPlainObject(value)) throw invalid('the session is not an object');
  const { id, version, status, task, turns, transcript, pendingActions, completedSteps, plan, currentPage, startedAt, updatedAt, mark } = value;
  if (typeof id !== 'string' || id === '' || id.length > 200) throw invalid('id must be a non-empty string of at most 200 characters');
  if (!Number.isSafeInteger(version) || (version as number) < 0) throw invalid('version must be a non-negative integer');
  if (!AGENT_STATUSES.includes(status as AgentStatus)) throw invalid(`status ${JSON.stringify(status)} is not an agent status`);
  if (typeof task !== 'string') throw invalid('task must be a string');
  if (!Array.isArray(turns)) throw invalid('turns must be an array');
  if (pendingActions !== undefined && !Array.isArray(pendingActions)) throw invalid('pendingActions must be an array when present');
  if (!Array.isArray(completedSteps) || !completedSteps.every((step) => typeof step === 'string')) {
    throw invalid('completedSteps must be an array of strings');
  }
  if (typeof currentPage !== 'string') throw invalid('currentPage must be a string');
  if (!isTimestamp(startedAt) || !isTimestamp(updatedAt)) throw invalid('startedAt and updatedAt must be epoch milliseconds');
  if (mark !== undefined && typeof mark !== 'string') throw invalid('mark must be a string when present');

  const session: AgentSession = {
    id,
    version: version as number,
    status: status as AgentStatus,
    task,
    turns: turns.map((turn, index) => validateTurn(turn, index)),
    transcript: (transcript ?? null) as JsonValue,
    completedSteps: [...(completedSteps as string[])],
    currentPage,
    startedAt: startedAt as number,
    updatedAt: updatedAt as number,
  };
  if (pendingActions !== undefined) session.pendingActions = pendingActions as JsonValue[];
  if (plan !== undefined) {
    try {
      session.plan = validateTaskPlan(plan);
    } catch (error) {
      throw invalid(`plan: ${(error as Error).message}`);
    }
  }
  if (mark !== undefined) session.mark = mark;
  return session;
}

function validateTurn(value: unknown, index: number): AgentTurn {
  const where = `turns[${index}]`;
  if (!isPlainObject(value)) throw invalid(`${where} is not an object`);
  if (!isTimestamp(value.ts)) throw invalid(`${where}.ts must be epoch milliseconds`);
  const ts = value.ts as number;
  switch (value.kind) {
    case 'user': {
      if (typeof value.text !== 'string') throw invalid(`${where}.text must be a string`);
      const turn: AgentTurn = { kind: 'user', ts, text: value.text };
      if (value.selection !== undefined) turn.selection = validateSelection(value.selection, where);
      return turn;
    }
    case 'agent_step': {
      const { stepId, tool, args, ok, narration, summary } = value;
      if (typeof stepId !== 'string' || typeof tool !== 'string') throw invalid(`${where} needs string stepId and tool`);
      if (!isPlainObject(args)) throw invalid(`${where}.args must be an object`);
      if (typeof ok !== 'boolean') throw invalid(`${where}.ok must be a boolean`);
      if (narration !== undefined && typeof narration !== 'string') throw invalid(`${where}.narration must be a string`);
      if (summary !== undefined && typeof summary !== 'string') throw invalid(`${where}.summary must be a string`);
      const turn: AgentTurn = { kind: 'agent_step', ts, stepId, tool, args: args as JsonObject, ok };
      if (narration !== undefined) turn.narration = narration;
      if (summary !== undefined) turn.summary = summary;
      return turn;
    }
    case 'agent_final':
      if (typeof value.text !== 'string') throw invalid(`${where}.text must be a string`);
      return { kind: 'agent_final', ts, text: value.text };
    default:
      throw invalid(`${where}.kind ${JSON.stringify(value.kind)} is not user, agent_step or agent_final`);
  }
}

function validateSelection(value: unknown, where: string): TurnSelection {
  if (!isPlainObject(value)) throw invalid(`${where}.selection must be an object`);
  const selection: TurnSelection = {};
  if (value.text !== undefined) {
    if (typeof value.text !== 'string') throw invalid(`${where}.selection.text must be a string`);
    selection.text = value.text;
  }
  if (value.elements !== undefined) {
    if (!Array.isArray(value.elements) || !value.elements.every((item) => typeof item === 'string')) {
      throw invalid(`${where}.selection.elements must be an array of strings`);
    }
    selection.elements = [...value.elements];
  }
  return selection;
}

function isTimestamp(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function invalid(message: string): SessionRecordError {
  return new SessionRecordError('invalid', message);
}
