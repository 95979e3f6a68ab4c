import type { Money } from "@/lib/platform/store-api/types";

// Money on own orders is integer cents from end to end. The store API's catalogue gives prices as
// decimal reais (39.9): they become cents here, once, rounded to the nearest cent (a price is
// never finer than a cent, so rounding only removes binary noise: 39.9 * 100 = 3990.0000000000005).
// The order document carries reais again (the Open Delivery shape), written from cents.

export function centsOf(price: Money | null | undefined): number {
  if (!price || !Number.isFinite(price.value)) return 0;
  return Math.round(price.value * 100);
}

/** Cents as the standard's decimal value: 3990 → 39.9 (exactly what a platform would send). */
export function reaisOf(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/** Cents as people read them in Brazil: 3990 → "R$ 39,90". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}R$ ${reais},${(abs % 100).toString().padStart(2, "0")}`;
}
