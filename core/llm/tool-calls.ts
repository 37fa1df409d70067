import { LLMError, type CallLabel } from './errors.js';
import { truncate } from './error-text.js';
import type { FinishReason, StreamEvent, ToolCall } from './types.js';

export const MAX_TOOL_CALLS = 128;
export const MAX_TOOL_ARGUMENTS_CHARS = 8 * 1024 * 1024;

interface PendingCall {
  index: number;
  id: string | undefined;
  name: string | undefined;
  parts: string[];
  chars: number;
  /** How many of `parts` were already emitted as deltas. */
  emitted: number;
  announced: boolean;
  /** The stream said this call is finished (OpenAI: a finish_reason; Anthropic: content_block_stop). */
  closed: boolean;
}

export interface CompletedToolCall {
  index: number;
  call: ToolCall;
}

export interface ToolCallFragment {
  id?: string | undefined;
  name?: string | undefined;
  argumentsDelta?: string | undefined;
}

/**
 * Builds tool calls from streamed fragments, keyed by call index. Fragments become `tool-call-delta`
 * events as soon as the call's name is known; a finished `ToolCall` exists only after `finish()`, i.e.
 * after the stream itself has ended properly, so a cut-off stream never yields a call to run.
 */
export class ToolCallAssembler {
  private readonly calls: PendingCall[] = [];

  constructor(
    private readonly label: CallLabel,
    private readonly maxCalls: number = MAX_TOOL_CALLS,
  ) {}

  get size(): number {
    return this.calls.filter(Boolean).length;
  }

  add(index: unknown, fragment: ToolCallFragment, out: StreamEvent[]): void {
    const call = this.callAt(index);
    if (fragment.id && !call.id) call.id = fragment.id;
    // Some servers repeat the name on every fragment: the first one wins.
    if (fragment.name && !call.name) call.name = fragment.name;
    const delta = fragment.argumentsDelta;
    if (typeof delta === 'string' && delta.length > 0) {
      call.chars += delta.length;
      if (call.chars > MAX_TOOL_ARGUMENTS_CHARS) {
        throw this.protocol(`the arguments of tool call ${call.index} exceed ${MAX_TOOL_ARGUMENTS_CHARS} characters`, false);
      }
      call.parts.push(delta);
    }
    if (!call.name) return;
    if (!call.announced || call.emitted < call.parts.length) {
      const argumentsDelta = call.emitted === call.parts.length - 1 ? call.parts[call.emitted]! : call.parts.slice(call.emitted).join('');
      call.emitted = call.parts.length;
      call.announced = true;
      out.push({ type: 'tool-call-delta', index: call.index, id: this.idOf(call), name: call.name, argumentsDelta });
    }
  }

  close(index: number): void {
    const call = this.calls[index];
    if (call) call.closed = true;
  }

  closeAll(): void {
    for (const call of this.calls) if (call) call.closed = true;
  }

  /** Names of calls the stream started but never finished, for error messages. */
  unfinished(): string[] {
    return this.calls.filter((call) => call && !call.closed).map((call) => call.name ?? `#${call.index}`);
  }

  /**
   * The completed calls, in index order. With `length` (the model ran out of tokens) an unfinished or
   * unparsable call is dropped, since the reason already tells the caller the turn was cut; otherwise
   * either is a protocol error.
   */
  finish(reason: FinishReason): CompletedToolCall[] {
    const done: CompletedToolCall[] = [];
    for (const call of this.calls) {
      if (!call) continue;
      const display = call.name ? `"${call.name}"` : `#${call.index}`;
      if (!call.closed) {
        if (reason === 'length') continue;
        throw this.protocol(`tool call ${display} was never finished by the stream`, true);
      }
      if (!call.name) throw this.protocol(`tool call #${call.index} arrived without a name`, false);
      const text = call.parts.join('');
      const parsed = parseArguments(text);
      if (parsed === undefined) {
        if (reason === 'length') continue;
        throw this.protocol(`the arguments of tool call ${display} are not a JSON object: ${truncate(text, 200)}`, true);
      }
      done.push({ index: call.index, call: { id: this.idOf(call), name: call.name, arguments: parsed } });
    }
    return done;
  }

  private callAt(index: unknown): PendingCall {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= this.maxCalls) {
      throw this.protocol(`tool call index ${String(index)} is outside 0…${this.maxCalls - 1}`, false);
    }
    let call = this.calls[index];
    if (!call) {
      call = { index, id: undefined, name: undefined, parts: [], chars: 0, emitted: 0, announced: false, closed: false };
      this.calls[index] = call;
    }
    return call;
  }

  private idOf(call: PendingCall): string {
    // A few OpenAI-compatible servers omit ids; the caller still needs one to answer the call.
    call.id ??= `call_${call.index}`;
    return call.id;
  }

  private protocol(problem: string, retryable: boolean): LLMError {
    return new LLMError({ kind: 'protocol', label: this.label, problem, retryable });
  }
}

/** `{…}` → the object; empty text → `{}` (a call without parameters); anything else → undefined. */
/** The error for a stream that ended before its protocol's end; any half-streamed tool call is named as dropped. */
export function unfinishedStreamError(label: CallLabel, tools: ToolCallAssembler, endedBefore: string): LLMError {
  const unfinished = tools.unfinished();
  const dropped = unfinished.length > 0 ? `; the unfinished tool call ${unfinished.map((name) => `"${name}"`).join(', ')} was dropped` : '';
  return new LLMError({
    kind: 'protocol',
    label,
    problem: `the stream ended before ${endedBefore}${dropped}`,
    fix: 'The connection was probably cut; retry the call.',
    retryable: true,
  });
}

export function parseArguments(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
