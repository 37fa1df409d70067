import type { LLMErrorKind } from './types.js';
import { DddkError } from '../util/dddk-error.js';

/** Who made the call, for error messages: `openai-compatible(gpt-4o-mini)`. */
export interface CallLabel {
  provider: string;
  model: string;
}

export function describeCall(label: CallLabel): string {
  return `${label.provider}(${label.model})`;
}

export interface LLMErrorInit {
  kind: LLMErrorKind;
  label: CallLabel;
  /** What went wrong, without the provider prefix. */
  problem: string;
  /** What to change, naming the config field when there is one. */
  fix?: string;
  status?: number;
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * The one error every provider call fails with. `kind` says which layer failed, `retryable` whether
 * sending the same request again may succeed, and the message names the config field to change.
 */
export class LLMError extends DddkError<'llm'> {
  override readonly name = 'LLMError';
  /** The class's code; `kind` says which layer failed. */
  readonly code = 'llm';
  readonly kind: LLMErrorKind;
  readonly status?: number;
  readonly retryable: boolean;
  /** The provider's label without the model, e.g. `anthropic`. */
  readonly provider: string;
  readonly model: string;
  /** How long the server asked to wait before retrying, when it said so. */
  readonly retryAfterMs?: number;
  /** The message's two halves: what went wrong, and what to change. */
  readonly problem: string;
  readonly fix?: string;

  constructor(init: LLMErrorInit) {
    const fix = init.fix ? ` ${init.fix}` : '';
    super(`${describeCall(init.label)}: ${init.problem}.${fix}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.provider = init.label.provider;
    this.model = init.label.model;
    this.retryable = init.retryable ?? defaultRetryable(init.kind);
    this.problem = init.problem;
    if (init.fix !== undefined) this.fix = init.fix;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

function defaultRetryable(kind: LLMErrorKind): boolean {
  return kind === 'network' || kind === 'timeout';
}

/** Also true for an LLMError from another copy of this module (a page that loads the kit twice). */
export function isLLMError(value: unknown): value is LLMError {
  if (value instanceof LLMError) return true;
  return value instanceof Error && value.name === 'LLMError' && typeof (value as Partial<LLMError>).kind === 'string' && typeof (value as Partial<LLMError>).retryable === 'boolean';
}
