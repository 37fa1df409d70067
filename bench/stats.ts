/** Small statistics for benchmark samples: medians are what we compare, the spread is what we show. */

export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median absolute deviation relative to the median, as a percentage: how noisy the samples were. */
export function relativeSpread(samples: readonly number[]): number {
  const centre = median(samples);
  if (centre === 0) return 0;
  return (median(samples.map((s) => Math.abs(s - centre))) / centre) * 100;
}

export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}
