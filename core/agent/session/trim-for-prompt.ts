import type { LLMMessage } from '../../llm/types.js';
import { estimateMessageTokens } from './token-estimate.js';

export interface TrimOptions {
  /** Keep at most this many turns besides the system messages and the latest user message. */
  maxTurnsInPrompt?: number;
  /** Drop turns until the estimated prompt fits this many tokens (see `estimateTokens`). */
  maxPromptTokens?: number;
}

interface Turn {
  start: number;
  /** Exclusive. */
  end: number;
  pinned: boolean;
  tokens: number;
}

/**
 * Drops the oldest turns until the prompt fits `options`. A turn is a user message, or an assistant
 * message together with the tool results that follow it: they go or stay together, since a tool call
 * without its result (or a result without its call) makes providers reject the request. System
 * messages and the latest user message always stay, even when they alone exceed the budget. With
 * no limits the messages come back unchanged. The input array is not modified.
 */
export function trimForPrompt(messages: readonly LLMMessage[], options: TrimOptions = {}): LLMMessage[] {
  const { maxTurnsInPrompt, maxPromptTokens } = options;
  checkLimit(maxTurnsInPrompt, 'maxTurnsInPrompt');
  checkLimit(maxPromptTokens, 'maxPromptTokens');
  if (maxTurnsInPrompt === undefined && maxPromptTokens === undefined) return messages.slice();

  const turns = groupTurns(messages);
  let keptTurns = turns.filter((turn) => !turn.pinned).length;
  let tokens = turns.reduce((sum, turn) => sum + turn.tokens, 0);
  const dropped = new Set<Turn>();
  for (const turn of turns) {
    const overTurns = maxTurnsInPrompt !== undefined && keptTurns > maxTurnsInPrompt;
    const overTokens = maxPromptTokens !== undefined && tokens > maxPromptTokens;
    if (!overTurns && !overTokens) break;
    if (turn.pinned) continue;
    dropped.add(turn);
    keptTurns -= 1;
    tokens -= turn.tokens;
  }
  if (dropped.size === 0) return messages.slice();
  return turns.filter((turn) => !dropped.has(turn)).flatMap((turn) => messages.slice(turn.start, turn.end));
}

function groupTurns(messages: readonly LLMMessage[]): Turn[] {
  let latestUser = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.role === 'user') {
      latestUser = i;
      break;
    }
  }
  const turns: Turn[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i]!;
    let end = i + 1;
    // An assistant message takes the tool results right after it; a stray tool result stands alone.
    if (message.role === 'assistant') while (end < messages.length && messages[end]!.role === 'tool') end += 1;
    let tokens = 0;
    for (let j = i; j < end; j += 1) tokens += estimateMessageTokens(messages[j]!);
    turns.push({ start: i, end, pinned: message.role === 'system' || i === latestUser, tokens });
    i = end;
  }
  return turns;
}

function checkLimit(value: number | undefined, field: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new TypeError(`${field} must be a non-negative number or left unset, got ${String(value)}.`);
  }
}
