/** Shared pieces of the loop tests: a provider on the mock server, scripted turns, tools that record their calls. */
import { openAICompatible, type LLMMessage, type LLMProvider, type OpenAICompatibleConfig } from '../../../core/llm/index.js';
import type { LoopEvent, LoopRun, LoopTool, ToolResult, TurnContext } from '../../../core/loop/index.js';
import type { MockLLM, MockTurn } from '../../support/mock-llm/server.js';

/** Per-test bound for node:test. */
export const BOUND = { timeout: 8_000 };

let counter = 0;
export function scenarioId(name: string): string {
  return `loop-${name.replace(/[^a-z0-9]+/gi, '-')}-${process.pid}-${++counter}`;
}

/** No provider-level retries, so every scripted failure reaches the loop; timeouts well above a loaded machine's needs. */
export function providerFor(mock: MockLLM, id: string, overrides: Partial<OpenAICompatibleConfig> = {}): LLMProvider {
  return openAICompatible({
    baseURL: mock.openAIBaseURL(id),
    apiKey: 'test-key',
    model: 'gpt-4o-mini',
    maxRetries: 0,
    connectTimeoutMs: 4_000,
    idleTimeoutMs: 4_000,
    ...overrides,
  });
}

export interface EnvelopeAction {
  narrate?: string;
  about?: string[];
  tool: string;
  args?: Record<string, unknown>;
}

/** A scripted `agent_turn` call. */
export function envelopeTurn(actions: EnvelopeAction[], options: { final?: boolean; memory?: string } & Partial<MockTurn> = {}): MockTurn {
  const { final = false, memory = 'notes', ...shape } = options;
  const envelope = {
    memory,
    turn_planning: { evaluation_previous_goal: 'ok', next_goal: 'go on' },
    todos_remaining: [],
    actions: actions.map((action) => ({ narrate: action.narrate ?? '', about: action.about ?? [], tool: action.tool, args: action.args ?? {} })),
    is_final: final,
  };
  return { toolCalls: [{ id: 'call_turn', name: 'agent_turn', arguments: envelope }], ...shape };
}

/** The arguments text of an envelope turn, to compute where a fault should strike. */
export function argumentsOf(turn: MockTurn): string {
  const args = turn.toolCalls?.[0]?.arguments;
  return typeof args === 'string' ? args : JSON.stringify(args);
}

/**
 * The `afterEvents` of a fault that strikes once `marker` has been sent, for an OpenAI-wire turn with
 * no text: the role chunk, the call's header, then one event per `deltaSize` characters of arguments.
 */
export function eventsThrough(turn: MockTurn, marker: string, deltaSize: number): number {
  const at = argumentsOf(turn).indexOf(marker);
  if (at < 0) throw new Error(`eventsThrough: ${JSON.stringify(marker)} is not in the turn's arguments`);
  return 2 + Math.ceil((at + marker.length) / deltaSize);
}

export interface ToolCallLog {
  args: Record<string, unknown>;
  step: number;
  actionIndex: number;
  callId: string;
}

/** A tool that records its calls and answers with `result` (or what `respond` returns). */
export function recordingTool(
  name: string,
  options: Partial<Pick<LoopTool, 'requireConfirmation' | 'timeoutMs' | 'parameters' | 'description'>> & {
    respond?: (args: Record<string, unknown>, signal: AbortSignal) => ToolResult | Promise<ToolResult>;
  } = {},
): LoopTool & { calls: ToolCallLog[] } {
  const calls: ToolCallLog[] = [];
  const tool: LoopTool & { calls: ToolCallLog[] } = {
    name,
    description: options.description ?? `The ${name} tool.`,
    parameters: options.parameters ?? { type: 'object', properties: {}, additionalProperties: true },
    calls,
    async run(args, context) {
      calls.push({ args, step: context.step, actionIndex: context.actionIndex, callId: context.callId });
      return options.respond ? options.respond(args, context.signal) : { ok: true, message: `${name} done` };
    },
  };
  if (options.requireConfirmation !== undefined) tool.requireConfirmation = options.requireConfirmation;
  if (options.timeoutMs !== undefined) tool.timeoutMs = options.timeoutMs;
  return tool;
}

/** The policy of the tests: a fixed system prompt and task, then the transcript. */
export function simplePrompt(task = 'Do the task.') {
  return (context: TurnContext) => ({
    messages: [{ role: 'system', content: 'You operate the page.' }, { role: 'user', content: task }, ...context.transcript.messages] as LLMMessage[],
  });
}

export interface DrainOptions {
  /** Answer to every `confirm`; default approve. */
  approve?: boolean | ((event: Extract<LoopEvent, { type: 'confirm' }>) => boolean);
  /** Called for every event before it is stored; may stop the run. */
  onEvent?: (event: LoopEvent, run: LoopRun) => void | Promise<void>;
}

/** Pulls every event, answering confirms and pauses at once. */
export async function drain(run: LoopRun, options: DrainOptions = {}): Promise<LoopEvent[]> {
  const events: LoopEvent[] = [];
  for await (const event of run) {
    events.push(event);
    await options.onEvent?.(event, run);
    if (event.type === 'confirm') {
      const approve = typeof options.approve === 'function' ? options.approve(event) : (options.approve ?? true);
      event.decide(approve);
    }
    if (event.type === 'pause') event.resume();
  }
  return events;
}

export function ofType<T extends LoopEvent['type']>(events: LoopEvent[], type: T): Extract<LoopEvent, { type: T }>[] {
  return events.filter((event): event is Extract<LoopEvent, { type: T }> => event.type === type);
}

export function finalOf(events: LoopEvent[]): Extract<LoopEvent, { type: 'final' }> {
  const last = events.at(-1);
  if (last?.type !== 'final') throw new Error(`the run did not end with a final event; last was ${last?.type}`);
  return last;
}

/** The messages the n-th request carried. */
export function requestMessages(mock: MockLLM, id: string, index: number): any[] {
  return mock.requests(id)[index]!.body.messages;
}
