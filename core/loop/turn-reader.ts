/**
 * Reads one model call in the background and turns its stream into queued items: events to yield,
 * actions to dispatch, and how the call ended. It keeps reading while the engine runs a tool or waits
 * for the user, so `llmTimeoutMs` measures the model alone and the HTTP stream is never left stalled.
 */
import { isLLMError } from '../llm/errors.js';
import type { CallMetrics, CompleteOptions, LLMProvider, StreamEvent } from '../llm/types.js';
import { AsyncQueue, childController } from './abortable.js';
import { createEnvelopeParser, type EnvelopeEvent, type EnvelopeParser } from './envelope/index.js';
import { AGENT_TURN_TOOL } from './envelope-tool.js';
import { LoopError } from './loop-error.js';
import type { ActionRecord, LoopEvent, LoopMode, PendingTurn } from './types.js';

export type ReaderItem =
  | { kind: 'event'; event: LoopEvent }
  /** An action to dispatch; it is already in `turn.actions`. */
  | { kind: 'action'; action: ActionRecord }
  /** The stream ended properly. `malformed`: the model-facing reason the envelope could not be read. */
  | { kind: 'end'; metrics: CallMetrics; malformed?: string }
  /**
   * The call failed. `unreadable`: the model-facing reason its envelope could not be read, when the
   * failure is the model's answer itself (a protocol error inside an `agent_turn` call) and no action closed.
   */
  | { kind: 'failed'; error: Error; unreadable?: string };

export interface TurnReaderSetup {
  llm: LLMProvider;
  mode: LoopMode;
  call: Omit<CompleteOptions, 'signal'>;
  turn: PendingTurn;
  llmTimeoutMs: number;
  runSignal: AbortSignal;
  /** Sees each action the moment it arrives, before anything records it. */
  onAction?: (action: ActionRecord) => void;
}

export class TurnReader {
  readonly items = new AsyncQueue<ReaderItem>();
  private readonly controller: AbortController;
  private readonly detach: () => void;
  private settled = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly parser: EnvelopeParser | undefined;
  /** The stream index of the `agent_turn` call whose deltas feed the parser. */
  private envelopeIndex: number | undefined;
  /** The action the parser has open, so a broken stream can name it. */
  private openAction: number | undefined;
  private malformed: string | undefined;

  constructor(private readonly setup: TurnReaderSetup) {
    const { controller, dispose } = childController(setup.runSignal);
    this.controller = controller;
    this.detach = dispose;
    if (setup.mode === 'envelope') this.parser = createEnvelopeParser();
  }

  start(): void {
    this.timer = setTimeout(() => {
      this.fail(
        new LoopError(
          'llm_timeout',
          `The model call to ${this.setup.llm.name} streamed for longer than \`llmTimeoutMs\` (${this.setup.llmTimeoutMs} ms) and was stopped. Raise \`llmTimeoutMs\` for slow models.`,
        ),
      );
    }, this.setup.llmTimeoutMs);
    void this.read();
  }

  /** Stops the call (the engine is done with it); nothing more is queued. */
  stop(): void {
    this.settle();
  }

  private async read(): Promise<void> {
    try {
      const stream = this.setup.llm.stream({ ...this.setup.call, signal: this.controller.signal });
      for await (const event of stream) {
        if (this.settled) return;
        this.handle(event);
        if (event.type === 'finish') return;
      }
      this.fail(new LoopError('unfinished_stream', `The stream of ${this.setup.llm.name} ended without a \`finish\` event, so the answer may be incomplete.`));
    } catch (error) {
      this.fail(toError(error));
    }
  }

  private handle(event: StreamEvent): void {
    const { turn } = this.setup;
    switch (event.type) {
      case 'text-delta':
        turn.text += event.text;
        this.emit({ type: 'text-delta', step: turn.step, text: event.text });
        return;
      case 'thinking-delta':
        this.emit({ type: 'thinking-delta', step: turn.step, text: event.text });
        return;
      case 'thinking-block':
        (turn.thinkingBlocks ??= []).push(event.block);
        return;
      case 'tool-call-delta':
        if (this.parser && event.name === AGENT_TURN_TOOL && (this.envelopeIndex ?? event.index) === event.index) {
          if (this.envelopeIndex === undefined) {
            this.envelopeIndex = event.index;
            turn.toolCalls = [{ id: event.id, name: AGENT_TURN_TOOL, arguments: {} }];
          }
          this.translate(this.parser.feed(event.argumentsDelta));
        }
        return;
      case 'tool-call':
        if (!this.parser) turn.toolCalls.push(event.call);
        else if (event.index === this.envelopeIndex) turn.toolCalls = [event.call];
        return;
      case 'usage':
      // What the provider skipped of the server's answer is for whoever watches the stream, not the turn.
      case 'debug':
        return;
      case 'finish':
        this.finish(event.metrics);
        return;
    }
  }

  private finish(metrics: CallMetrics): void {
    const { turn } = this.setup;
    if (this.parser) {
      if (this.envelopeIndex === undefined) {
        this.malformed = `Answer by calling the ${AGENT_TURN_TOOL} tool; your last answer did not call it.`;
      } else {
        this.translate(this.parser.finish());
      }
    } else {
      turn.toolCalls.forEach((call, position) => {
        this.addAction({ kind: 'action', step: turn.step, actionIndex: position, callId: call.id, tool: call.name, args: call.arguments, status: 'pending' });
      });
    }
    turn.complete = true;
    const actions = turn.actions.length;
    turn.final = this.malformed === undefined && (this.parser ? turn.envelope?.is_final === true || actions === 0 : actions === 0);
    this.push(this.malformed === undefined ? { kind: 'end', metrics } : { kind: 'end', metrics, malformed: this.malformed });
    this.settle();
  }

  private translate(events: EnvelopeEvent[]): void {
    const { turn } = this.setup;
    const fields = (turn.envelope ??= {});
    const callId = (index: number) => `${turn.toolCalls[0]?.id ?? AGENT_TURN_TOOL}:${index}`;
    for (const event of events) {
      switch (event.type) {
        case 'memory':
        case 'turn_planning':
        case 'todos_remaining':
        case 'is_final':
          (fields as Record<string, unknown>)[event.type] = event.value;
          break;
        case 'todo_adjust':
          fields.todo_adjust = event.value;
          break;
        case 'field_invalid':
          turn.notes.push(event.reason);
          break;
        case 'action_start':
          this.openAction = event.index;
          break;
        case 'narrate_delta':
          this.emit({ type: 'narrate-delta', step: turn.step, actionIndex: event.index, text: event.delta });
          break;
        case 'narrate_complete':
          this.emit({ type: 'narrate-complete', step: turn.step, actionIndex: event.index, text: event.text });
          break;
        case 'about':
          this.emit({ type: 'about', step: turn.step, actionIndex: event.index, ids: event.ids });
          break;
        case 'action_complete': {
          this.openAction = undefined;
          const { narrate, about, tool, args } = event.action;
          this.addAction({ kind: 'action', step: turn.step, actionIndex: event.index, callId: callId(event.index), tool, args, narrate, about, status: 'pending' });
          break;
        }
        case 'action_invalid':
          this.openAction = undefined;
          this.addAction({ kind: 'action', step: turn.step, actionIndex: event.index, callId: callId(event.index), tool: '', args: {}, invalid: event.reason, status: 'pending' });
          break;
        case 'envelope_complete':
          break;
        case 'error':
          if (event.final) {
            this.malformed = event.reason;
            turn.notes.push(event.reason);
          }
          break;
      }
    }
  }

  private addAction(action: ActionRecord): void {
    this.setup.onAction?.(action);
    this.setup.turn.actions.push(action);
    this.push({ kind: 'action', action });
  }

  private emit(event: LoopEvent): void {
    this.push({ kind: 'event', event });
  }

  private push(item: ReaderItem): void {
    if (!this.settled) this.items.push(item);
  }

  private fail(error: Error): void {
    if (this.settled) return;
    const { turn } = this.setup;
    if (this.openAction === undefined) delete turn.cutAction;
    else turn.cutAction = this.openAction;
    const unreadable = this.unreadableReason(error);
    this.push(unreadable === undefined ? { kind: 'failed', error } : { kind: 'failed', error, unreadable });
    this.settle();
  }

  /**
   * A protocol error while the `agent_turn` call streamed is most often the model's own output (JSON
   * that does not parse, arguments cut short), so the model is told what the parser saw rather than
   * being asked the same question again. Recovered events are ignored: nothing from a failed stream runs.
   */
  private unreadableReason(error: Error): string | undefined {
    if (!this.parser || this.envelopeIndex === undefined || this.setup.turn.actions.length > 0) return undefined;
    if (!isLLMError(error) || error.kind !== 'protocol') return undefined;
    const final = this.parser.finish().find((event) => event.type === 'error' && event.final);
    return final?.type === 'error' ? final.reason : `Your ${AGENT_TURN_TOOL} arguments could not be read. Send the whole object again.`;
  }

  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.detach();
    this.controller.abort();
  }
}

function toError(error: unknown): Error {
  if (isLLMError(error) || error instanceof Error) return error;
  return new Error(String(error));
}
