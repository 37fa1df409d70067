/**
 * A reply as the stream events a network provider would send: in envelope mode one `agent_turn` call
 * whose JSON arguments arrive a few characters at a time; in classic mode the narration as text
 * deltas, then at most one native tool call. The events are computed up front; the provider paces them.
 */
import { AGENT_TURN_TOOL } from '../../loop/envelope/schema.js';
import type { FinishReason, StreamEvent, ToolCall } from '../types.js';
import type { OfferedTools } from './offered-tools.js';
import type { GuideReply } from './guide-reply.js';
import { stableHash } from './plain-text.js';

export interface ReplyStream {
  /** Text and tool-call deltas, then the completed tool call, if any. */
  events: StreamEvent[];
  reason: FinishReason;
  /** Characters produced, for the token estimate. */
  outputChars: number;
}

/** The `agent_turn` arguments for a reply, with every key the schema requires, in the schema's order. */
export function envelopeArguments(reply: GuideReply, planned: boolean): Record<string, unknown> {
  const envelope: Record<string, unknown> = {
    memory: reply.memory,
    turn_planning: { evaluation_previous_goal: reply.evaluation, next_goal: reply.nextGoal },
  };
  if (planned) envelope.todo_adjust = { remove: [], replace: [] };
  else envelope.todos_remaining = [];
  // The narration plays as the first step starts; the steps after it go on without words of their own.
  envelope.actions = reply.actions.map((action, i) => ({ narrate: i === 0 ? reply.narration : '', about: action.about, tool: action.tool, args: action.args }));
  envelope.is_final = reply.final;
  return envelope;
}

export function replyEvents(reply: GuideReply, tools: OfferedTools, deltaSize: number, salt: string): ReplyStream {
  const events: StreamEvent[] = [];
  const textDeltas = (text: string) => {
    for (const piece of pieces(text, deltaSize)) events.push({ type: 'text-delta', text: piece });
  };
  const call = (name: string, args: Record<string, unknown>): ToolCall => {
    const json = JSON.stringify(args);
    const id = `call_guide_${stableHash(`${salt}|${name}|${json}`)}`;
    for (const piece of pieces(json, deltaSize)) events.push({ type: 'tool-call-delta', index: 0, id, name, argumentsDelta: piece });
    const completed: ToolCall = { id, name, arguments: args };
    events.push({ type: 'tool-call', index: 0, call: completed });
    return completed;
  };

  if (tools.mode === 'envelope') {
    // With no tool to carry the narration, it is said as free text beside an empty turn.
    if (reply.actions.length === 0) textDeltas(reply.narration);
    const args = envelopeArguments(reply, tools.planned);
    call(AGENT_TURN_TOOL, args);
    return { events, reason: 'tool_calls', outputChars: JSON.stringify(args).length + (reply.actions.length > 0 ? 0 : reply.narration.length) };
  }

  textDeltas(reply.narration);
  // The narration already said it: a `narrate` call would only make the loop ask again.
  const first = reply.actions[0];
  const action = first && first.tool !== 'narrate' ? first : undefined;
  if (!action) return { events, reason: 'stop', outputChars: reply.narration.length };
  call(action.tool, action.args);
  return { events, reason: 'tool_calls', outputChars: reply.narration.length + JSON.stringify(action.args).length };
}

/** `text` in pieces of `size` code points, so a surrogate pair is never split. */
function pieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
