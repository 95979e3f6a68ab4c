/** A store's zone when it has none of its own (the contract's BoardStore.timeZone is optional). */
export const STORE_TIME_ZONE = "America/Sao_Paulo";

/** Money in the order's currency (BRL when the platform did not say). */
export function formatMoney(locale: string, value: number | undefined, currency = "BRL"): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
  } catch {
    return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" }).format(value);
  }
}

/** An amount of the contract's shape ({ value, currency }), or null when there is none. */
export function formatAmount(
  locale: string,
  amount: { value: number; currency: string } | null | undefined,
): string | null {
  return amount ? formatMoney(locale, amount.value, amount.currency) : null;
}

/**
 * A clock time in the order's store's zone, e.g. "21:40": a kitchen in Manaus reads Manaus time
 * whatever zone the tablet's browser is set to. An unknown zone falls back to São Paulo's.
 */
export function formatClock(
  locale: string,
  iso: string | null | undefined,
  timeZone: string = STORE_TIME_ZONE,
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const clock = (zone: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(date);
  try {
    return clock(timeZone);
  } catch {
    return clock(STORE_TIME_ZONE);
  }
}
