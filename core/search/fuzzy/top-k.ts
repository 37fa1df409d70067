/**
 * The best `capacity` items of a scan, kept in a min-heap with the worst on top, so each keystroke
 * sorts only what it shows, and `threshold` tells the scan which items cannot make it any more.
 * Of equal scores the lower index is the better, so ties keep the given order.
 */
export class TopK {
  readonly #capacity: number;
  readonly #indices: number[] = [];
  readonly #scores: number[] = [];

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** The worst score kept once full (an item must beat it to enter), else -Infinity. */
  get threshold(): number {
    return this.#indices.length < this.#capacity || this.#capacity === 0 ? -Infinity : this.#scores[0]!;
  }

  /** `a` ranks below `b`. */
  #worse(a: number, b: number): boolean {
    const scores = this.#scores;
    return scores[a]! < scores[b]! || (scores[a] === scores[b] && this.#indices[a]! > this.#indices[b]!);
  }

  #swap(a: number, b: number): void {
    const indices = this.#indices;
    const scores = this.#scores;
    [indices[a], indices[b]] = [indices[b]!, indices[a]!];
    [scores[a], scores[b]] = [scores[b]!, scores[a]!];
  }

  offer(index: number, score: number): void {
    const indices = this.#indices;
    const scores = this.#scores;
    if (this.#capacity === 0) return;
    if (indices.length < this.#capacity) {
      indices.push(index);
      scores.push(score);
      for (let at = indices.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!this.#worse(at, parent)) break;
        this.#swap(at, parent);
        at = parent;
      }
      return;
    }
    if (score < scores[0]! || (score === scores[0] && index > indices[0]!)) return;
    indices[0] = index;
    scores[0] = score;
    for (let at = 0; ; ) {
      const left = at * 2 + 1;
      const right = left + 1;
      let worst = at;
      if (left < indices.length && this.#worse(left, worst)) worst = left;
      if (right < indices.length && this.#worse(right, worst)) worst = right;
      if (worst === at) break;
      this.#swap(at, worst);
      at = worst;
    }
  }

  /** The kept items, best first, with their scores. */
  sorted(): Array<{ index: number; score: number }> {
    return this.#indices.map((index, i) => ({ index, score: this.#scores[i]! })).sort((a, b) => b.score - a.score || a.index - b.index);
  }
}
