/**
 * The loop itself: turn after turn, ask the policy for the prompt, stream the model's answer, dispatch
 * its actions one at a time (gate, run, feed back), enforce the caps, and yield every step as an event.
 * It is an async generator, so the consumer's pace drives it: a `confirm`, `pause` or `navigating`
 * event holds the loop until the consumer answers or pulls again.
 */
import { consentQuestion } from '../effects/consent-question.js';
import { declinedNote, refusalNote } from '../effects/effect-notes.js';
import type { DecidedEffect } from '../effects/effect.types.js';
import { describeValue } from '../util/describe-value.js';
import { isLLMError } from '../llm/errors.js';
import type { CompleteOptions, LLMMessage } from '../llm/types.js';
import { deferred, delay, RunStopped, untilAborted } from './abortable.js';
import { agentTurnTool, AGENT_TURN_TOOL } from './envelope-tool.js';
import { judgeCall } from './effect-gate.js';
import { Feedback, quoteForModel } from './feedback.js';
import { LoopError } from './loop-error.js';
import { assistantMessageOf, createPendingTurn, jsonCopy, recordableResult } from './pending-turn.js';
import { readTools, type ResolvedLoopOptions } from './resolve-options.js';
import { runTool, type ToolOutcome } from './run-tool.js';
import { redactArgs, scrubSecrets, secretValues } from './secret-args.js';
import { TurnReader, type ReaderItem } from './turn-reader.js';
import type {
  ActionRecord,
  AnyLoopTool,
  LoopCheckpoint,
  LoopEndReason,
  LoopEvent,
  LoopTranscript,
  PendingTurn,
  ToolContext,
  TurnRecord,
} from './types.js';
import { validateArguments } from './validate-args.js';

const MAX_RETRY_DELAY_MS = 8_000;
/** Outcomes the loop produced itself without the tool running. */
const NOT_RUN_REASONS = new Set(['user_declined', 'not_allowed', 'invalid_arguments', 'unknown_tool']);

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
  /** The arguments as the model sent them, for calls whose recorded arguments hide a secret. */
  private readonly realArgs = new WeakMap<ActionRecord, Record<string, unknown>>();
  /** Secret values seen in this run: blanked out of everything the loop keeps or reports. */
  private readonly secrets = new Set<string>();
  /** Calls that would carry a secret out of its field (into another field, a message, a host tool). */
  private readonly repeatsSecret = new WeakSet<ActionRecord>();

  constructor(private readonly options: ResolvedLoopOptions) {
    this.feedback = new Feedback({ reminder: options.reminder, fence: options.fence });
    const resume = options.resume;
    this.transcript = resume ? { messages: [...resume.transcript.messages], records: [...resume.transcript.records] } : { messages: [], records: [] };
    this.step = resume?.pendingTurn ? resume.pendingTurn.step : (resume?.step ?? 0);
    if (resume?.pendingTurn) this.pending = jsonCopy(resume.pendingTurn);
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
        call: this.callOptions(prepared.messages, tools),
        turn,
        llmTimeoutMs: this.options.llmTimeoutMs,
        runSignal: this.signal,
        onAction: (action) => this.protect(action, turn),
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
      yield* this.dispatch(item.action, tools);
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
        yield* this.finishAction(action, {
          result: { ok: false, reason: 'navigation', message: 'The page reloaded while this action ran; check the page to see whether it took effect.' },
          by: 'engine',
        });
        continue;
      }
      yield* this.dispatch(action, tools);
    }
    const record = this.closeTurn(turn, turn.complete ? 'complete' : 'interrupted');
    yield this.stepEvent(record);
    return record.final ? this.final('done', this.summaryOf(turn)) : undefined;
  }

  /**
   * A secret the model wrote into this call (the value for a password field) is kept for the tool
   * alone, from the moment the call arrives: every record of it, and every text of the turn so far,
   * carries a placeholder instead. An assessment that throws treats every argument as secret. A call
   * that repeats a secret outside its own field is recorded blanked, and refused when dispatched.
   */
  private protect(action: ActionRecord, turn: PendingTurn): void {
    const secretArgs = this.options.effects.secretArgs;
    if (action.invalid === undefined && secretArgs) {
      let names: readonly string[];
      try {
        names = secretArgs(action.tool, action.args);
      } catch {
        names = Object.keys(action.args);
      }
      const present = names.filter((name) => name in action.args);
      if (present.length > 0) {
        this.realArgs.set(action, action.args);
        for (const value of secretValues(action.args, present)) this.secrets.add(value);
        action.args = redactArgs(action.args, present);
        action.secret = present;
      }
    }
    if (this.secrets.size === 0) return;
    const blanked = scrubSecrets(action.args, this.secrets);
    if (JSON.stringify(blanked) !== JSON.stringify(action.args)) {
      action.args = blanked;
      this.repeatsSecret.add(action);
    }
    if (action.narrate !== undefined) action.narrate = scrubSecrets(action.narrate, this.secrets);
    turn.text = scrubSecrets(turn.text, this.secrets);
    for (const other of turn.actions) if (other.narrate !== undefined) other.narrate = scrubSecrets(other.narrate, this.secrets);
  }

  /**
   * One action: check it, judge what it would do (refuse it, or ask the user, before it runs), record
   * that it starts, run it, record its result. Every action passes the same gate, narrated or not.
   */
  private async *dispatch(action: ActionRecord, tools: readonly AnyLoopTool[]): AsyncGenerator<LoopEvent, void> {
    const refuse = (reason: 'invalid_arguments' | 'unknown_tool' | 'user_declined' | 'not_allowed', message: string) =>
      this.finishAction(action, { result: { ok: false, reason, message }, by: 'engine' });

    if (action.invalid !== undefined) {
      yield* refuse('invalid_arguments', action.invalid);
      return;
    }
    const tool = tools.find((candidate) => candidate.name === action.tool);
    if (!tool) {
      const names = tools.map((candidate) => candidate.name).join(', ') || 'none';
      yield* refuse('unknown_tool', `There is no tool named ${quoteForModel(action.tool)}. The tools are: ${names}.`);
      return;
    }
    if (this.repeatsSecret.has(action)) {
      yield* refuse('not_allowed', 'This action was not run: it repeats a value the user gave for a secret field (a password, code or card number), and secrets stay in their own field. Do not write it anywhere else.');
      return;
    }
    const args = this.realArgs.get(action);
    if (action.secret && !args) {
      yield* refuse('invalid_arguments', 'The page reloaded before this call ran, and the secret it carried is never kept; ask the user to type it into the field themselves.');
      return;
    }
    const callArgs = args ?? action.args;
    const problems = validateArguments(callArgs, tool.parameters);
    if (problems.length > 0) {
      yield* refuse('invalid_arguments', `The arguments do not fit the parameters of ${tool.name}: ${scrubSecrets(problems.join('; '), this.secrets)}.`);
      return;
    }

    const context: Omit<ToolContext, 'signal'> = { callId: action.callId, step: action.step, actionIndex: action.actionIndex };
    if (action.narrate !== undefined) context.narrate = action.narrate;
    if (action.about !== undefined) context.about = action.about;
    const verdict = await untilAborted(
      this.signal,
      judgeCall({ tool, args: callArgs, context: { ...context, signal: this.signal }, gate: this.options.effects, policy: this.options.policy }),
    );
    for (const error of verdict.errors) yield { type: 'policy-error', step: action.step, actionIndex: action.actionIndex, name: tool.name, error };
    if (verdict.decision === 'refuse') {
      yield* refuse('not_allowed', refusalNote(verdict) ?? 'This action is not allowed here.');
      return;
    }
    if (verdict.decision === 'confirm') {
      const decision = deferred<boolean>();
      yield {
        type: 'confirm',
        step: action.step,
        actionIndex: action.actionIndex,
        callId: action.callId,
        name: tool.name,
        args: action.args,
        question: consentQuestion(verdict.effects, this.options.effects.locale?.()),
        effects: verdict.effects,
        decide: (approved: boolean) => decision.resolve(approved === true),
      };
      if (!(await untilAborted(this.signal, decision.promise))) {
        yield* refuse('user_declined', declinedNote(verdict));
        return;
      }
    } else if (this.options.pace === 'visitor') {
      yield* this.pause(action, tool, verdict.effects);
    }
    context.effects = verdict.effects;

    action.status = 'running';
    yield this.stepEvent(jsonCopy(action));
    yield { type: 'tool-start', step: action.step, actionIndex: action.actionIndex, callId: action.callId, name: tool.name, args: action.args };
    const outcome = await runTool(tool, callArgs, context, tool.timeoutMs ?? this.options.toolTimeoutMs, this.signal);
    yield* this.finishAction(action, outcome);
    const navigation = outcome.result.ok ? outcome.result.navigation : undefined;
    if (navigation) {
      const where = { step: action.step, actionIndex: action.actionIndex, callId: action.callId, to: navigation.to };
      yield { type: 'navigating', ...where };
      yield { type: 'navigated', ...where };
    }
  }

  private async *finishAction(action: ActionRecord, outcome: ToolOutcome): AsyncGenerator<LoopEvent, void> {
    action.status = 'done';
    // A tool may echo what it was given; a secret never leaves through its result.
    action.result = scrubSecrets(recordableResult(outcome.result), this.secrets);
    action.resultBy = outcome.by;
    const record = jsonCopy(action);
    this.transcript.records.push(record);
    yield { type: 'tool-end', step: action.step, actionIndex: action.actionIndex, callId: action.callId, name: action.tool, result: scrubSecrets(outcome.result, this.secrets) };
    yield this.stepEvent(record);
  }

  /** `pace: 'visitor'`: the user sees what comes next and lets it happen. */
  private async *pause(action: ActionRecord, tool: AnyLoopTool, effects: readonly DecidedEffect[]): AsyncGenerator<LoopEvent, void> {
    const resumed = deferred<void>();
    const event: LoopEvent = { type: 'pause', step: action.step, actionIndex: action.actionIndex, callId: action.callId, name: tool.name, args: action.args, effects, resume: () => resumed.resolve() };
    if (action.narrate !== undefined && action.narrate.trim() !== '') event.narrate = action.narrate;
    yield event;
    await untilAborted(this.signal, resumed.promise);
  }

  /** The model's own copy of its calls (the raw tool-call arguments) carries the placeholders too. */
  private redactToolCalls(turn: PendingTurn): void {
    const secret = turn.actions.filter((action) => action.secret);
    if (secret.length === 0) return;
    for (const call of turn.toolCalls) {
      if (this.options.mode === 'classic') {
        const action = secret.find((candidate) => candidate.callId === call.id);
        if (action) call.arguments = action.args;
        continue;
      }
      const listed = (call.arguments as { actions?: unknown }).actions;
      if (!Array.isArray(listed)) continue;
      for (const action of secret) {
        const entry = listed[action.actionIndex] as { args?: unknown } | undefined;
        if (entry && typeof entry === 'object') entry.args = action.args;
      }
    }
  }

  /** Writes a finished turn into the transcript: the model's message, then what became of it. */
  private closeTurn(turn: PendingTurn, ending: TurnRecord['ending'], end?: Ending): TurnRecord {
    const mode = this.options.mode;
    this.redactToolCalls(turn);
    const assistant = scrubSecrets(assistantMessageOf(turn, mode), this.secrets);
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
      text: scrubSecrets(turn.text, this.secrets),
      ending,
      final: turn.final && turn.complete && ending === 'complete',
      actions: turn.actions.map((action) => {
        const result = action.result;
        const ran = action.status === 'done' && result !== undefined && !(action.resultBy === 'engine' && !result.ok && NOT_RUN_REASONS.has(result.reason));
        return ran ? { actionIndex: action.actionIndex, tool: action.tool, ran, ok: result!.ok } : { actionIndex: action.actionIndex, tool: action.tool, ran };
      }),
    };
    if (turn.envelope) record.envelope = scrubSecrets(jsonCopy(turn.envelope), this.secrets);
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
    if (summary !== undefined) event.summary = scrubSecrets(summary, this.secrets);
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
      this.redactToolCalls(this.pending);
      checkpoint.pendingTurn = scrubSecrets(jsonCopy(this.pending), this.secrets);
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
