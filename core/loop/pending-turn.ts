/**
 * The turn under way: created when a model call starts, filled by the stream reader, updated by each
 * dispatch, and turned into transcript messages once its actions are over.
 */
import type { LLMMessage, ToolCall } from '../llm/types.js';
import { AGENT_TURN_TOOL } from './envelope-tool.js';
import type { EnvelopeFields, LoopMode, PendingTurn, ToolResult } from './types.js';

export function createPendingTurn(step: number, mode: LoopMode): PendingTurn {
  const turn: PendingTurn = { step, text: '', toolCalls: [], complete: false, final: false, notes: [], actions: [] };
  if (mode === 'envelope') turn.envelope = {};
  return turn;
}

/** The `agent_turn` arguments as far as they arrived: the fields seen and the actions received. */
export function partialEnvelopeArguments(turn: PendingTurn): Record<string, unknown> {
  const fields: EnvelopeFields = turn.envelope ?? {};
  const args: Record<string, unknown> = {};
  if (fields.memory !== undefined) args.memory = fields.memory;
  if (fields.turn_planning !== undefined) args.turn_planning = fields.turn_planning;
  if (fields.todo_adjust !== undefined) args.todo_adjust = fields.todo_adjust;
  if (fields.todos_remaining !== undefined) args.todos_remaining = fields.todos_remaining;
  args.actions = turn.actions.map((action) =>
    action.invalid ? {} : { narrate: action.narrate ?? '', about: action.about ?? [], tool: action.tool, args: action.args },
  );
  if (fields.is_final !== undefined) args.is_final = fields.is_final;
  return args;
}

/** The model's message for the transcript; in envelope mode, only the `agent_turn` call (answered by one tool message). */
export function assistantMessageOf(turn: PendingTurn, mode: LoopMode): Extract<LLMMessage, { role: 'assistant' }> {
  let toolCalls: ToolCall[] = turn.toolCalls;
  if (mode === 'envelope') {
    const call = turn.toolCalls.find((one) => one.name === AGENT_TURN_TOOL);
    toolCalls = call ? [{ ...call, arguments: turn.complete && Object.keys(call.arguments).length > 0 ? call.arguments : partialEnvelopeArguments(turn) }] : [];
  }
  const message: Extract<LLMMessage, { role: 'assistant' }> = { role: 'assistant', content: turn.text };
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  if (turn.thinkingBlocks && turn.thinkingBlocks.length > 0) message.thinkingBlocks = turn.thinkingBlocks;
  return message;
}

/** A deep copy that survives JSON: what a checkpoint or a record hands out. */
export function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A result as a record keeps it: `data` that does not survive JSON becomes its string form. */
export function recordableResult(result: ToolResult): ToolResult {
  if (!result.ok || result.data === undefined) return { ...result };
  try {
    const json = JSON.stringify(result.data);
    return { ...result, data: json === undefined ? undefined : JSON.parse(json) };
  } catch {
    return { ...result, data: String(result.data) };
  }
}
