import { DddkError } from '../util/dddk-error.js';

/** Why the loop itself (not the provider) failed a turn or a run. */
export type LoopErrorCode =
  /** A model call streamed longer than `llmTimeoutMs`. */
  | 'llm_timeout'
  /** The model's answer could not be read (an envelope that is not JSON, no `agent_turn` call). */
  | 'malformed_turn'
  /** The stream ended without its `finish` event (a provider that breaks the port's contract). */
  | 'unfinished_stream'
  /** The options, the tools or what `prepareTurn` returned are unusable. */
  | 'invalid_config';

/** A failure the loop detected; `LLMError`s from the provider are passed on as they are. */
export class LoopError extends DddkError<LoopErrorCode> {
  override readonly name = 'LoopError';
  readonly code: LoopErrorCode;

  constructor(code: LoopErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
