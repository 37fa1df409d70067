/**
 * What a run lets the visitor see of the model's words: its narration, its free text, its final
 * answer and its questions, without the engine's text (reminder tags and blocks, fence tags, the
 * session's mark, the loop's labels, any sentence of a note the run sent the model). Each narration
 * line streams through a filter of its own, which holds back only what could still become engine text.
 */
import type { LLMMessage } from '../../llm/types.js';
import type { AgentEvent } from './agent-events.types.js';
import { markedReminderBodiesOf } from '../../marks/reminder-blocks.js';
import { createVisitorTextGuard, type VisitorTextGuard, type VisitorTextStream } from '../../marks/visitor-text.js';
import { engineSentences } from './engine-wording.js';
import type { RunTextHooks } from './run-provenance.js';

export interface RunVisitorText {
  /** A whole text (a question, an answer), without the engine's. */
  clean(text: string): string;
  /**
   * Hands on one of the run's events; the model's words in it (narration deltas and lines, free
   * text) go out only as far as the filter lets them, and a line's rest goes out as it completes.
   */
  relay(event: AgentEvent, emit: (event: AgentEvent) => void): void;
  /** The free text being streamed is over (another event came): what the filter still held goes out. */
  endTextLine(emit: (event: AgentEvent) => void): void;
}

/**
 * The run's filter. The notes of a resumed session's transcript (minted with the session's mark on
 * an earlier page) count as the run's own.
 */
export function runVisitorText(hooks: RunTextHooks, mark: string | undefined, transcript: readonly LLMMessage[] = [], runId = ''): RunVisitorText {
  const earlier = new Set<string>();
  if (mark) {
    for (const message of transcript) {
      if (typeof message.content === 'string') for (const body of markedReminderBodiesOf(message.content, mark)) earlier.add(body);
    }
  }
  // One list for as long as no note is added, so that the filter normalizes each note once.
  let sentences: { notes: number; list: readonly string[] } = { notes: -1, list: [] };
  const guard: VisitorTextGuard = createVisitorTextGuard({
    sentences() {
      if (sentences.notes !== hooks.notes.size) sentences = { notes: hooks.notes.size, list: [...engineSentences(), ...earlier, ...hooks.notes] };
      return sentences.list;
    },
    tokens: () => hooks.tokens,
  });
  const lines = new Map<string, VisitorTextStream>();
  const lineFor = (key: string) => {
    let line = lines.get(key);
    if (!line) lines.set(key, (line = guard.stream()));
    return line;
  };
  const endLine = (key: string) => {
    const line = lines.get(key);
    lines.delete(key);
    return line ? line.end() : '';
  };
  let textLine: { key: string; step: number } | undefined;

  return {
    clean: (text) => guard.clean(text),
    relay(event, emit) {
      switch (event.type) {
        case 'narrate-delta': {
          const text = lineFor(`${event.step}:${event.actionIndex}`).push(event.text);
          if (text !== '') emit({ ...event, text });
          return;
        }
        case 'narrate-complete': {
          const rest = endLine(`${event.step}:${event.actionIndex}`);
          if (rest !== '') emit({ type: 'narrate-delta', runId: event.runId, step: event.step, actionIndex: event.actionIndex, text: rest });
          emit({ ...event, text: guard.clean(event.text) });
          return;
        }
        case 'text-delta': {
          textLine = { key: `text:${event.step}`, step: event.step };
          const text = lineFor(textLine.key).push(event.text);
          if (text !== '') emit({ ...event, text });
          return;
        }
        default:
          emit(event);
      }
    },
    endTextLine(emit) {
      const line = textLine;
      if (!line) return;
      textLine = undefined;
      const rest = endLine(line.key);
      if (rest !== '') emit({ type: 'text-delta', runId, step: line.step, text: rest });
    },
  };
}
