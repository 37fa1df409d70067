/** What a benchmark hands the harness: raw samples for our side and the peer's, taken in the same run. */
export interface BenchFigure {
  id: string;
  /** What one sample measures, e.g. `µs/delta`. Lower is better for every figure. */
  unit: string;
  peerName: string;
  /** Where it ran: `node` or `chromium`. */
  environment: 'node' | 'chromium';
  ours: number[];
  peer: number[];
}

/** One line of bench/results.json; `ratio` is ours / peer on medians (below 1 means we are faster or smaller). */
export interface BenchResult {
  id: string;
  unit: string;
  ours: number;
  peer: number;
  peerName: string;
  ratio: number;
}

export interface Benchmark {
  /** Shown in the table's heading for this benchmark. */
  title: string;
  run(options: { rounds: number }): Promise<BenchFigure[]>;
}
