/** The units a page writes durations in, finest first. */
export const DURATION_UNITS = ["second", "minute", "hour"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

const SECONDS: Record<DurationUnit, number> = { second: 1, minute: 60, hour: 3600 };

/**
 * One unit for every duration shown together (a page, or one section of it), so a reader never
 * compares "6 s" with "0,1 min": the coarsest unit in which the longest is still past 120 of the
 * finer unit and the shortest (non-zero) still reads as at least 0,1. A short interval beside a
 * long silence stays in seconds ("2 s", "10.800 s") rather than vanish ("0 h").
 */
export function durationUnit(seconds: readonly number[]): DurationUnit {
  const values = seconds.filter((value) => Number.isFinite(value)).map(Math.abs);
  const longest = Math.max(0, ...values);
  const shortest = Math.min(Infinity, ...values.filter((value) => value > 0));
  let unit: DurationUnit = "second";
  for (const coarser of ["minute", "hour"] as const) {
    const finer = DURATION_UNITS[DURATION_UNITS.indexOf(coarser) - 1]!;
    if (longest < 120 * SECONDS[finer] || shortest < 0.1 * SECONDS[coarser]) break;
    unit = coarser;
  }
  return unit;
}

/** A duration in the given unit, in the page's language: "6 s", "2,5 min", "1.5 hr". */
export function formatDuration(locale: string, seconds: number, unit: DurationUnit): string {
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(seconds / SECONDS[unit]);
}

/** A formatter for a group of durations: their one unit, picked once. */
export function durationFormatter(locale: string, seconds: readonly number[]): (seconds: number) => string {
  const unit = durationUnit(seconds);
  return (value) => formatDuration(locale, value, unit);
}
