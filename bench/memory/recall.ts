// recall@k as LoCoMo's retrieval figures are given: the share of a question's evidence turns found in
// the top k, averaged over the questions.
import type { LocomoQuestion } from './locomo.js';

export const KS = [5, 10, 25] as const;

export function recallAt(found: readonly string[], question: LocomoQuestion, k: number): number {
  const top = new Set(found.slice(0, k));
  return question.evidence.filter((id) => top.has(id)).length / question.evidence.length;
}
