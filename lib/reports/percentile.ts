/**
 * Nearest-rank percentile: sort the n values ascending; the p-th percentile is the value at
 * rank ⌈p/100 × n⌉ (1-based). It is always one of the observed values (no interpolation), so
 * "p90 = 14 min" means an actual order took 14 minutes and 90 % took at most that. The median
 * is the same rule with p = 50: for an even n it is the lower of the two middle values.
 * Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile p must be in (0, 100], got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[rank - 1]!;
}
