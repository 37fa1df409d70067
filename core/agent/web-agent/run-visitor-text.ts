/**
 * What a run lets the visitor see of the model's words: its narration, its free text, its final
 * answer and its questions, without the engine's text (reminder tags and blocks, fence tags, the
 * session's mark, the loop's labels, any sentence of a note the run sent the model). Each narration
 * line streams through a filter of its own, which holds back only what could still become engine text.
 */
import type { LLMMessage } from '../../llm/types.js';
import { markedReminderBodiesOf } from '../../marks/reminder-blocks.js';
import { createVisitorTextGuard, type VisitorTextGuard, type VisitorTextStream } from '../../marks/visitor-text.js';
import { engineSentences } from './engine-wording.js';
import type { RunTextHooks } from './run-provenance.js';

export interface RunVisitorText {
  /** A whole text (a question, an answer), without the engine's. */
  clean(text: string): string;
  /** The next piece of the narration line `key`; what may be shown now. */
  push(key: string, delta: string): string;
  /** The line `key` is complete; the rest of what may be shown. */
  end(key: string): string;
  /** Every open line, completed. */
  endAll(): Array<{ key: string; text: string }>;
}

/**
 * The run's filter. The notes of a resumed session's transcript (minted with the session's mark on
 * an earlier page) count as the run's own.
 */
export function runVisitorText(hooks: RunTextHooks, mark: string | undefined, transcript: readonly LLMMessage[] = []): RunVisitorText {
  const earlier = new Set<string>();
  if (mark) {
    for (const message of transcript) {
      if (typeof message.content === 'string') for (const body of markedReminderBodiesOf(message.content, mark)) earlier.add(body);
    }
  }
  const guard: VisitorTextGuard = createVisitorTextGuard({
    *sentences() {
      yield* engineSentences();
      yield* earlier;
      yield* hooks.notes;
    },
    tokens: () => hooks.tokens,
  });
  const lines = new Map<string, VisitorTextStream>();
  const lineFor = (key: string) => {
    let line = lines.get(key);
    if (!line) lines.set(key, (line = guard.stream()));
    return line;
  };
  return {
    clean: (text) => guard.clean(text),
    push: (key, delta) => lineFor(key).push(delta),
    end(key) {
      const line = lines.get(key);
      lines.delete(key);
      return line ? line.end() : '';
    },
    endAll() {
      const rest = [...lines].map(([key, line]) => ({ key, text: line.end() }));
      lines.clear();
      return rest;
    },
  };
}
