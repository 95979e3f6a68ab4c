/** Formatting shared by the report's tiles and charts (server and client). */

export function money(locale: string, currency: string, value: number): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
}

export function percent(locale: string, ratio: number, digits = 0): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: digits }).format(ratio);
}

/** A duration for people: "45 s", "12 min", "12 min 30 s", "1 h 05 min". */
export function duration(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** Minutes with one decimal, for chart axes. */
export function minutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 6) / 10;
}

/** "2026-03-02" → a short local date ("02/03" in pt-BR), without shifting the day by a time zone. */
export function shortDay(locale: string, day: string, withYear = false): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    day: "2-digit",
    month: "2-digit",
    ...(withYear ? { year: "numeric" } : {}),
  }).format(new Date(`${day}T12:00:00Z`));
}
