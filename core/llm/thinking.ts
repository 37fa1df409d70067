import type { ThinkingLevel } from './types.js';

/**
 * OpenAI's reasoning families (o1, o3, o4, gpt-5…) take `reasoning_effort`; other models reject it.
 * A vendor prefix such as OpenRouter's `openai/` is ignored; gpt-5 chat variants have no reasoning control.
 */
export function isOpenAIReasoningModel(model: string): boolean {
  const id = model.toLowerCase().split('/').pop() ?? '';
  return /^(o[134]|gpt-5)([.-]|$)/.test(id) && !id.includes('-chat');
}

export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';

/**
 * The `reasoning_effort` for a level, or undefined when the field must be omitted. These models cannot
 * switch reasoning off: `off` asks for the least there is, `minimal` on gpt-5, `low` on the o-series
 * (which has no `minimal`).
 */
export function openAIReasoningEffort(model: string, level: ThinkingLevel | undefined): ReasoningEffort | undefined {
  if (level === undefined || !isOpenAIReasoningModel(model)) return undefined;
  if (level === 'off' || level === 'minimal') return /(^|\/)gpt-5/i.test(model) ? 'minimal' : 'low';
  return level;
}

export const ANTHROPIC_THINKING_BUDGETS: Record<'low' | 'medium' | 'high', number> = {
  low: 1024,
  medium: 4096,
  high: 16_384,
};

/** Extended thinking's token budget for a level, or undefined for `off` / `minimal`. */
export function anthropicThinkingBudget(level: ThinkingLevel | undefined): number | undefined {
  if (level === 'low' || level === 'medium' || level === 'high') return ANTHROPIC_THINKING_BUDGETS[level];
  return undefined;
}
