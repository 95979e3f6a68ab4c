import type { DetailsItem, DetailsPrice } from "./details-types";

export const STORE_TIME_ZONE = "America/Sao_Paulo";

export interface ItemLine {
  name: string;
  quantity: number;
  unit: string | null;
  instructions: string | null;
  /** Each option's quantity is already multiplied by its item's: 2× combo with 1× fries → fries ×2. */
  options: Array<{ name: string; quantity: number }>;
}

/** The items as the kitchen makes them. */
export function itemLines(items: readonly DetailsItem[] | undefined): ItemLine[] {
  return (items ?? []).map((item) => {
    const quantity = positive(item.quantity) ?? 1;
    return {
      name: item.name?.trim() || "?",
      quantity,
      unit: item.unit && item.unit !== "UN" && item.unit !== "UNIT" ? item.unit : null,
      instructions: item.specialInstructions?.trim() || null,
      options: (item.options ?? []).map((option) => ({
        name: option.name?.trim() || "?",
        quantity: (positive(option.quantity) ?? 1) * quantity,
      })),
    };
  });
}

function positive(value: number | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** Money in the order's currency (BRL when the platform did not say). */
export function formatMoney(locale: string, value: number | undefined, currency = "BRL"): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
  } catch {
    return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" }).format(value);
  }
}

export function formatPrice(locale: string, price: DetailsPrice | undefined, currency?: string): string | null {
  return formatMoney(locale, price?.value, price?.currency ?? currency);
}

/** A clock time in the store's zone, e.g. "21:40". */
export function formatClock(locale: string, iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { timeZone: STORE_TIME_ZONE, hour: "2-digit", minute: "2-digit" }).format(date);
}
