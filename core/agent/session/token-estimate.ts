import type { LLMMessage } from '../../llm/types.js';

/** Latin-script text averages about 3.5 characters per token across current tokenizers. */
const CHARS_PER_TOKEN = 3.5;
/** A rough cost of one image part; providers charge by size, which the prompt does not know. */
export const IMAGE_TOKEN_ESTIMATE = 850;
/** Role markers and separators each message costs beyond its text. */
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * A coarse token count: each CJK character (Han, kana, hangul, full-width forms) as one token, the
 * rest at 3.5 characters a token. Good enough for a budget; not a tokenizer.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (
      (code >= 0x2e80 && code <= 0x9fff) || // CJK radicals, punctuation, kana, Han
      (code >= 0xac00 && code <= 0xd7af) || // Hangul syllables
      (code >= 0x1100 && code <= 0x11ff) || // Hangul jamo
      (code >= 0xf900 && code <= 0xfaff) || // CJK compatibility ideographs
      (code >= 0xff00 && code <= 0xffef) // full-width forms
    ) {
      cjk += 1;
    } else if (code >= 0xd840 && code <= 0xd87e && i + 1 < text.length) {
      // A surrogate pair in the supplementary ideograph planes (U+20000–U+2FFFF).
      cjk += 1;
      i += 1;
    } else {
      other += 1;
    }
  }
  return Math.ceil(cjk + other / CHARS_PER_TOKEN);
}

/** The estimated cost of one message, tool calls and images included. */
export function estimateMessageTokens(message: LLMMessage): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  if (typeof message.content === 'string') tokens += estimateTokens(message.content);
  else {
    for (const part of message.content) tokens += part.type === 'text' ? estimateTokens(part.text) : IMAGE_TOKEN_ESTIMATE;
  }
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      tokens += MESSAGE_OVERHEAD_TOKENS + estimateTokens(call.name) + estimateTokens(JSON.stringify(call.arguments));
    }
    for (const block of message.thinkingBlocks ?? []) {
      tokens += estimateTokens(block.type === 'thinking' ? block.thinking : block.data);
    }
  }
  if (message.role === 'tool') tokens += estimateTokens(message.toolCallId);
  return tokens;
}

export function estimatePromptTokens(messages: readonly LLMMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
