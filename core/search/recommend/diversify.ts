/**
 * Picks `count` of the candidates by maximal marginal relevance: each next pick is the candidate
 * whose score, less a penalty for its likeness to the closest item already picked, is highest, so
 * a list of five is not five colours of one shirt. Only likeness beyond ALIKE costs: two tents of
 * one maker may both be listed, the same tent in two sizes is moved down. Candidates come best first.
 */
import { dot, type TermVector } from './content-vectors.js';

/** What a near-duplicate (cosine 1) of an item already picked costs, against a cosine-scale score. */
const DIVERSITY = 0.3;
/** The cosine from which two items count as alike. */
const ALIKE = 0.5;

const penalty = (cosine: number) => (cosine <= ALIKE ? 0 : (DIVERSITY * (cosine - ALIKE)) / (1 - ALIKE));

export interface Candidate {
  item: number;
  score: number;
}

export function diversify(candidates: readonly Candidate[], vectors: readonly TermVector[], count: number): Candidate[] {
  const picked: Candidate[] = [];
  /** Each remaining candidate's cosine to the closest pick so far. */
  const closest = new Float64Array(candidates.length);
  const taken = new Uint8Array(candidates.length);
  while (picked.length < Math.min(count, candidates.length)) {
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < candidates.length; i++) {
      if (taken[i]) continue;
      const value = candidates[i]!.score - penalty(closest[i]!);
      if (value > bestValue) {
        best = i;
        bestValue = value;
      }
    }
    taken[best] = 1;
    const pick = candidates[best]!;
    picked.push(pick);
    for (let i = 0; i < candidates.length; i++) {
      if (!taken[i]) closest[i] = Math.max(closest[i]!, dot(vectors[candidates[i]!.item]!, vectors[pick.item]!));
    }
  }
  return picked;
}
