/**
 * The streaming `agent_turn` envelope parser. Feed it the tool call's argument deltas as they arrive;
 * each `feed` scans only the new characters and returns the events they completed, so narration shows
 * while the model types and each action can run as soon as its object closes.
 *
 * Before the envelope's `{`, whitespace and a markdown code-fence line are skipped; after its `}`,
 * anything (a closing fence, prose) is ignored. Any other syntax error stops streaming with one
 * non-final `error`; `finish()` then reports the final outcome.
 */
import { JsonScanner } from './json-scanner.js';
import { EnvelopeReader } from './envelope-reader.js';
import { eventsFromEnvelopeValue, recoverEnvelopeObject } from './one-shot.js';
import type { EnvelopeEvent } from './types.js';

/** Skipping what may precede the envelope's `{`. */
const BEFORE = 0;
/** Inside a code-fence line such as ```json, up to its newline. */
const IN_FENCE = 1;
const STREAMING = 2;
/** The envelope has closed: whatever follows is ignored. */
const AFTER = 3;
const FAILED = 4;
const FINISHED = 5;

const NOT_JSON = 'Your agent_turn arguments were not valid JSON:';

function retryAdvice(completed: readonly number[]): string {
  if (completed.length === 0) return 'Send the whole object again.';
  const ran = completed.map((index) => `actions[${index}]`).join(', ');
  return `${ran} already ran; send a new agent_turn with only the actions still to do.`;
}

export class EnvelopeParser {
  private phase = BEFORE;
  private readonly reader = new EnvelopeReader();
  private readonly scanner = new JsonScanner(this.reader);
  /** Characters fed before the current delta. */
  private consumed = 0;
  /**
   * The text fed so far, kept only while the envelope has not opened at its first significant character.
   * Once it has, a later syntax error means no completion of the text is JSON, so nothing could be
   * recovered from it and the text is not kept.
   */
  private rawText: string[] | undefined = [];
  private failure: string | undefined;

  /** Scans `delta` and returns the events it completed. Never throws; ignores anything but a string. */
  feed(delta: string): EnvelopeEvent[] {
    if (typeof delta !== 'string' || delta.length === 0 || this.phase === FINISHED) return [];
    const out: EnvelopeEvent[] = [];
    try {
      this.scan(delta, out);
    } catch (error) {
      // Only a defect of the parser lands here; the stream stops rather than running anything uncertain.
      this.stop(`the parser failed (${error instanceof Error ? error.message : String(error)})`, out);
    }
    this.consumed += delta.length;
    return out;
  }

  /**
   * The stream has ended. Returns nothing more when the envelope closed; the events of the whole text
   * recovered with `JSON.parse` when streaming could not start; otherwise one final `error` whose
   * reason is written for the model. An action the stream left open is never reported complete.
   */
  finish(): EnvelopeEvent[] {
    const phase = this.phase;
    this.phase = FINISHED;
    try {
      return this.conclude(phase);
    } catch (error) {
      return [this.finalError(`${NOT_JSON} the parser failed (${error instanceof Error ? error.message : String(error)}). Send the whole object again.`)];
    } finally {
      this.rawText = undefined;
    }
  }

  private scan(delta: string, out: EnvelopeEvent[]): void {
    if (this.phase === AFTER) return;
    if (this.phase === FAILED) {
      this.rawText?.push(delta);
      return;
    }
    let start = 0;
    if (this.phase === BEFORE || this.phase === IN_FENCE) {
      this.rawText?.push(delta);
      start = this.skipPreamble(delta, out);
      if (start < 0 || start === delta.length) return;
      this.phase = STREAMING;
      this.rawText = undefined;
    }
    this.reader.out = out;
    this.reader.beginPiece(delta);
    const stopped = this.scanner.write(delta, start, this.consumed);
    if (stopped < 0) this.stop(this.scanner.failure ?? 'a syntax error', out);
    else if (this.scanner.done) this.phase = AFTER;
    else this.reader.endPiece();
  }

  /** Skips whitespace, a byte-order mark and code-fence lines; returns where the `{` is, the end, or -1. */
  private skipPreamble(delta: string, out: EnvelopeEvent[]): number {
    for (let i = 0; i < delta.length; i++) {
      const c = delta[i]!;
      if (this.phase === IN_FENCE) {
        if (c === '\n') this.phase = BEFORE;
      } else if (c === '{') {
        return i;
      } else if (c === '`') {
        this.phase = IN_FENCE;
      } else if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== '\uFEFF') {
        this.stop(`unexpected ${JSON.stringify(c)} at character ${this.consumed + i}, where the object's '{' was expected`, out);
        return -1;
      }
    }
    return delta.length;
  }

  private stop(failure: string, out: EnvelopeEvent[]): void {
    this.phase = FAILED;
    this.failure = failure;
    this.reader.abandon();
    out.push({ type: 'error', reason: `${NOT_JSON} ${failure}.`, final: false });
  }

  private conclude(phase: number): EnvelopeEvent[] {
    switch (phase) {
      case AFTER:
      case FINISHED:
        return [];
      case STREAMING:
        return [
          this.finalError(
            `${NOT_JSON} they ended ${this.reader.describeOpenValue()}, before the object closed. ${retryAdvice(this.reader.completedActions)}`,
          ),
        ];
    }
    if (this.rawText) {
      // Nothing was emitted yet (the envelope never opened), so the recovered events cannot repeat any.
      const recovered = recoverEnvelopeObject(this.rawText.join(''));
      if ('envelope' in recovered) return eventsFromEnvelopeValue(recovered.envelope);
      if (!this.failure) return [this.finalError(`${NOT_JSON} ${recovered.problem}. Send the whole object again.`)];
    }
    return [this.finalError(`${NOT_JSON} ${this.failure ?? 'a syntax error'}. ${retryAdvice(this.reader.completedActions)}`)];
  }

  private finalError(reason: string): EnvelopeEvent {
    return { type: 'error', reason, final: true };
  }
}

export function createEnvelopeParser(): EnvelopeParser {
  return new EnvelopeParser();
}

/**
 * The events of a complete `agent_turn` arguments text, as streaming it would give them, minus the
 * streaming-only non-final `error` (a final one still ends the list when the text is unusable).
 */
export function parseEnvelopeOnce(text: string): EnvelopeEvent[] {
  const parser = new EnvelopeParser();
  return [...parser.feed(text), ...parser.finish()].filter((event) => event.type !== 'error' || event.final);
}
