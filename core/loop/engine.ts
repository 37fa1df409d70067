/**
 * The loop itself: turn after turn, ask the policy for the prompt, stream the model's answer, hand its
 * actions one at a time to the dispatcher (gate, run, feed back: `dispatch-action.ts`), write each turn
 * into the transcript, enforce the caps, retry failed turns, and yield every step as an event.
 * It is an async generator, so the consumer's pace drives it: a `confirm`, `pause` or `navigating`
 * event holds the loop until the consumer answers or pulls again.
 */
import { describeValue } from '../util/describe-value.js';
import { isLLMError } from '../llm/errors.js';
import type { CompleteOptions, LLMMessage } from '../llm/types.js';
import { delay, RunStopped, untilAborted } from './abortable.js';
import { CallSecrets } from './call-secrets.js';
import { ActionDispatcher } from './dispatch-action.js';
import { agentTurnTool, AGENT_TURN_TOOL } from './envelope-tool.js';
import { Feedback } from './feedback.js';
import { LoopError } from './loop-error.js';
import { assistantMessageOf, createPendingTurn, jsonCopy } from './pending-turn.js';
import { readTools, type ResolvedLoopOptions } from './resolve-options.js';
import { TurnReader, type ReaderItem } from './turn-reader.js';
import type { ActionRecord, AnyLoopTool, LoopCheckpoint, LoopEndReason, LoopEvent, LoopTranscript, PendingTurn, TurnRecord } from './types.js';

const MAX_RETRY_DELAY_MS = 8_000;
/** Outcomes the loop produced itself without the tool running. */
const NOT_RUN_CODES = new Set(['user_declined', 'not_allowed', 'invalid_arguments', 'unknown_tool']);

type Ending = Extract<ReaderItem, { kind: 'end' | 'failed' }>;
type FinalEvent = Extract<LoopEvent, { type: 'final' }>;

export class LoopEngine {
  private readonly controller = new AbortController();
  private readonly signal = this.controller.signal;
  private readonly feedback: Feedback;
  private readonly transcript: LoopTranscript;
  /** The last turn that began. */
  private step: number;
  private pending: PendingTurn | undefined;
  /** Consecutive failed turns. */
  private failures = 0;
  private reader: TurnReader | undefined;
  private readonly secrets: CallSecrets;
  private readonly dispatcher: ActionDispatcher;

  constructor(private readonly options: ResolvedLoopOptions) {
    this.feedback = new Feedback({ reminder: options.reminder, fence: options.fence });
    const resume = options.resume;
    this.transcript = resume ? { messages: [...resume.transcript.messages], records: [...resume.transcript.records] } : { messages: [], records: [] };
    this.step = resume?.pendingTurn ? resume.pendingTurn.step : (resume?.step ?? 0);
    if (resume?.pendingTurn) this.pending = jsonCopy(resume.pendingTurn);
    this.secrets = new CallSecrets(options.effects.secretArgs, options.mode);
    this.dispatcher = new ActionDispatcher({
      options,
      signal: this.signal,
      secrets: this.secrets,
      records: this.transcript.records,
      stepEvent: (record) => this.stepEvent(record),
    });
  }

  stop(): void {
    this.controller.abort(new RunStopped());
  }

  async *events(): AsyncGenerator<LoopEvent, void, undefined> {
    const external = this.options.signal;
    const onExternalAbort = () => this.stop();
    if (external?.aborted) this.stop();
    else external?.addEventListener('abort', onExternalAbort, { once: true });
    try {
      if (this.pending) {
        const end = yield* this.finishResumedTurn(this.pending);
        if (end) {
          yield end;
          return;
        }
      }
      for (;;) {
        if (this.step >= this.options.maxSteps) {
          yield this.final('max_steps');
          return;
        }
        const end = yield* this.turn(this.step + 1);
        if (end) {
          yield end;
          return;
        }
      }
    } catch (error) {
      if (error instanceof RunStopped || this.signal.aborted) yield this.final('stopped');
      else yield this.final('error', undefined, error instanceof Error ? error : new Error(String(error)));
    } finally {
      external?.removeEventListener('abort', onExternalAbort);
      this.reader?.stop();
      // Releases anything still waiting on the run: a tool left running, a confirm nobody answered.
      this.controller.abort(new RunStopped());
    }
  }

  /** One model turn, retried while it fails without leaving a trace; returns the final event when the run ends. */
  private async *turn(step: number): AsyncGenerator<LoopEvent, FinalEvent | undefined> {
    for (;;) {
      const tools = readTools(this.options);
      const prepared = await untilAborted(
        this.signal,
        Promise.resolve().then(() =>
          this.options.prepareTurn({ step, mode: this.options.mode, transcript: this.transcript, tools, signal: this.signal }),
        ),
      );
      if (!prepared || !Array.isArray(prepared.messages)) {
        throw new LoopError('invalid_config', 'runLoop: `prepareTurn` must return { messages: LLMMessage[] } with the whole prompt of the turn.');
      }
      if (prepared.llm !== undefined && typeof prepared.llm?.stream !== 'function') {
        throw new LoopError(
          'invalid_config',
          `runLoop: the \`llm\` that \`prepareTurn\` returned must be an LLMProvider (an object with a \`stream()\` method), or left out to use the run's \`llm\`; got ${describeValue(prepared.llm)}.`,
        );
      }
      this.step = step;
      const turn = createPendingTurn(step, this.options.mode);
      this.pending = turn;
      const reader = new TurnReader({
        llm: prepared.llm ?? this.options.llm,
        mode: this.options.mode,
        call: { ...this.callOptions(prepared.messages, tools), ...(prepared.turn !== undefined ? { turn: prepared.turn } : {}) },
        turn,
        llmTimeoutMs: this.options.llmTimeoutMs,
        runSignal: this.signal,
        onAction: (action) => this.secrets.protect(action, turn),
      });
      this.reader = reader;
      reader.start();
      let ending: Ending;
      try {
        // The request is already on its way: the consumer's pace does not delay the model.
        yield { type: 'thinking', step };
        ending = yield* this.consume(reader, tools);
      } finally {
        reader.stop();
        this.reader = undefined;
      }

      if (ending.kind === 'end') yield { type: 'llm-call', step, metrics: ending.metrics };
      if (ending.kind === 'end' && ending.malformed === undefined) {
        this.failures = 0;
        const record = this.closeTurn(turn, 'complete', ending);
        yield this.stepEvent(record);
        return turn.final ? this.final('done', this.summaryOf(turn)) : undefined;
      }

      const unreadable = ending.kind === 'end' ? ending.malformed : ending.unreadable;
      const error =
        ending.kind === 'failed' ? ending.error : new LoopError('malformed_turn', `The model's answer could not be used: ${unreadable ?? 'it was malformed'}`);
      this.failures += 1;
      const retrying = this.failures < this.options.maxErrors && isRetryable(error);
      // A turn that dispatched something, or that the model must hear about, goes into the transcript.
      const ran = turn.actions.length > 0;
      const recorded = ran || unreadable !== undefined;
      if (recorded) {
        if (!ran && ending.kind === 'failed' && unreadable !== undefined) turn.notes.push(unreadable);
        yield this.stepEvent(this.closeTurn(turn, ran && ending.kind === 'failed' ? 'broken' : 'malformed', ending));
      } else this.pending = undefined;
      yield { type: 'error', step, error, retrying };
      if (!retrying) return this.final('error', undefined, error);
      await delay(this.retryDelay(error), this.signal);
      if (recorded) return undefined;
    }
  }

  /** Yields the reader's events and dispatches its actions in order, until the call ends. */
  private async *consume(reader: TurnReader, tools: readonly AnyLoopTool[]): AsyncGenerator<LoopEvent, Ending> {
    for (;;) {
      const item = await untilAborted(this.signal, reader.items.take());
      if (item.kind === 'event') {
        yield item.event;
        continue;
      }
      if (item.kind !== 'action') return item;
      yield* this.dispatcher.dispatch(item.action, tools);
    }
  }

  /** Finishes the turn a reload interrupted: actions not yet started run now, none runs twice. */
  private async *finishResumedTurn(turn: PendingTurn): AsyncGenerator<LoopEvent, FinalEvent | undefined> {
    const tools = readTools(this.options);
    for (const action of turn.actions) {
      const done = this.transcript.records.find(
        (record): record is ActionRecord => record.kind === 'action' && record.step === action.step && record.actionIndex === action.actionIndex && record.status === 'done',
      );
      if (done) Object.assign(action, { status: 'done', result: done.result, resultBy: done.resultBy });
      if (action.status === 'done') continue;
      if (action.status === 'running') {
        yield* this.dispatcher.finishAction(action, {
          result: { ok: false, code: 'navigation', message: 'The page reloaded while this action ran; check the page to see whether it took effect.' },
          by: 'engine',
        });
        continue;
      }
      yield* this.dispatcher.dispatch(action, tools);
    }
    const record = this.closeTurn(turn, turn.complete ? 'complete' : 'interrupted');
    yield this.stepEvent(record);
    return record.final ? this.final('done', this.summaryOf(turn)) : undefined;
  }

  /** Writes a finished turn into the transcript: the model's message, then what became of it. */
  private closeTurn(turn: PendingTurn, ending: TurnRecord['ending'], end?: Ending): TurnRecord {
    const mode = this.options.mode;
    this.secrets.redactToolCalls(turn);
    const assistant = this.secrets.scrub(assistantMessageOf(turn, mode));
    const messages: LLMMessage[] = [];
    if (assistant.content !== '' || assistant.toolCalls) messages.push(assistant);
    if (mode === 'classic') {
      for (const action of turn.actions) messages.push({ role: 'tool', toolCallId: action.callId, content: this.feedback.classicResult(action) });
    } else {
      const call = assistant.toolCalls?.[0];
      if (call) messages.push({ role: 'tool', toolCallId: call.id, content: this.feedback.envelopeResult(turn, ending) });
      else if (end?.kind === 'end' && end.malformed !== undefined) messages.push({ role: 'user', content: this.feedback.engine(end.malformed) });
    }
    this.transcript.messages.push(...messages);

    const record: TurnRecord = {
      kind: 'turn',
      step: turn.step,
      mode,
      text: this.secrets.scrub(turn.text),
      ending,
      final: turn.final && turn.complete && ending === 'complete',
      actions: turn.actions.map((action) => {
        const result = action.result;
        const ran = action.status === 'done' && result !== undefined && !(action.resultBy === 'engine' && !result.ok && NOT_RUN_CODES.has(result.code));
        return ran ? { actionIndex: action.actionIndex, tool: action.tool, ran, ok: result!.ok } : { actionIndex: action.actionIndex, tool: action.tool, ran };
      }),
    };
    if (turn.envelope) record.envelope = this.secrets.scrub(jsonCopy(turn.envelope));
    if (end?.kind === 'end') record.metrics = end.metrics;
    this.transcript.records.push(record);
    this.pending = undefined;
    return record;
  }

  private callOptions(messages: LLMMessage[], tools: readonly AnyLoopTool[]): Omit<CompleteOptions, 'signal'> {
    const options = this.options;
    const call: Omit<CompleteOptions, 'signal'> =
      options.mode === 'envelope'
        ? { messages, tools: [agentTurnTool(tools, options.planned)], toolChoice: { name: AGENT_TURN_TOOL } }
        : {
            messages,
            ...(tools.length > 0
              ? { tools: tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })), toolChoice: 'auto' as const }
              : {}),
          };
    if (options.thinking !== undefined) call.thinking = options.thinking;
    if (options.temperature !== undefined) call.temperature = options.temperature;
    if (options.maxTokens !== undefined) call.maxTokens = options.maxTokens;
    return call;
  }

  private retryDelay(error: Error): number {
    const backoff = this.options.retryDelayMs * 2 ** (this.failures - 1);
    const asked = isLLMError(error) ? error.retryAfterMs : undefined;
    return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, asked ?? 0));
  }

  private summaryOf(turn: PendingTurn): string | undefined {
    const text =
      this.options.mode === 'classic'
        ? turn.text
        : turn.actions
            .map((action) => action.narrate ?? '')
            .filter((narration) => narration.trim() !== '')
            .join('\n');
    return text.trim() === '' ? undefined : text.trim();
  }

  private stepEvent(record: ActionRecord | TurnRecord): LoopEvent {
    return { type: 'step', step: record.step, record, checkpoint: this.checkpoint() };
  }

  private final(reason: LoopEndReason, summary?: string, error?: Error): FinalEvent {
    const event: FinalEvent = { type: 'final', step: this.step, reason, checkpoint: this.checkpoint() };
    if (summary !== undefined) event.summary = this.secrets.scrub(summary);
    if (error !== undefined) event.error = error;
    return event;
  }

  /** A JSON-serializable snapshot; the messages and records it lists are never changed afterwards. */
  private checkpoint(): LoopCheckpoint {
    const checkpoint: LoopCheckpoint = {
      version: 1,
      mode: this.options.mode,
      step: this.step,
      transcript: { messages: [...this.transcript.messages], records: [...this.transcript.records] },
    };
    if (this.pending) {
      this.secrets.redactToolCalls(this.pending);
      checkpoint.pendingTurn = this.secrets.scrub(jsonCopy(this.pending));
    }
    return checkpoint;
  }
}

/** A provider's refusal (a bad key, a bad request) or a broken option will not go away by asking again. */
function isRetryable(error: Error): boolean {
  if (isLLMError(error)) return error.kind !== 'http' || error.retryable;
  if (error instanceof LoopError) return error.code !== 'invalid_config';
  return !(error instanceof TypeError);
}
