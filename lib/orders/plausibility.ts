import { ORDER_FLAGS, type OrderFlag } from "@/lib/contract/board";
import type { OrderSummary } from "./types";

/**
 * Whether an order looks like one a restaurant could really have received. A broken or hostile
 * platform can send schema-valid orders that no customer placed (a negative total, currency
 * "HMO", 97 million burgers, an order from 1890): Comanda stores and shows them — dropping an
 * order is worse than showing a strange one — but the card says what is wrong, so nobody cooks
 * or charges from it without looking. Pure: the reference time is passed in (when Comanda first
 * received the order), never read from a clock.
 */

export { ORDER_FLAGS, type OrderFlag };

/** Above this, an order's total is not a restaurant order (R$ 50,000: a whole banquet is less). */
export const MAX_PLAUSIBLE_AMOUNT = 50_000;
/** More of one item than any kitchen makes for one order (per line, in its unit). */
export const MAX_PLAUSIBLE_QUANTITY = 500;
/** The currency of the Brazilian platforms Comanda serves; anything else is not a real order here. */
export const EXPECTED_CURRENCY = "BRL";
/** Platform and Comanda clocks differ a little; a day apart means the time is wrong. */
const MAX_PLACED_SKEW_MS = 24 * 3_600_000;
/** Platforms take scheduled orders up to a week or so ahead; 60 days is surely wrong. */
const MAX_SCHEDULE_AHEAD_MS = 60 * 24 * 3_600_000;
/** Totals are sums of decimals: a few cents of rounding is normal, more is a wrong sum. */
const TOTAL_TOLERANCE = 0.05;

export interface PlausibilityInput {
  summary: OrderSummary;
  /** When Comanda first received an event of the order (its own clock). */
  receivedAt: Date | null;
}

/** The flags of an order, in a fixed order (empty when it looks real). */
export function plausibilityFlags({ summary, receivedAt }: PlausibilityInput): OrderFlag[] {
  const flags = new Set<OrderFlag>();
  const total = summary.total;
  if (total) {
    if (!Number.isFinite(total.value) || total.value < 0) flags.add("negativeAmount");
    else if (total.value > MAX_PLAUSIBLE_AMOUNT) flags.add("absurdAmount");
    if (total.currency !== EXPECTED_CURRENCY) flags.add("unknownCurrency");
  }
  const breakdown = summary.totals;
  if (breakdown) {
    const amounts = [breakdown.itemsPrice, breakdown.otherFees, breakdown.discount];
    if (amounts.some((amount) => amount < 0)) flags.add("negativeAmount");
    if (amounts.some((amount) => amount > MAX_PLAUSIBLE_AMOUNT)) flags.add("absurdAmount");
    if (
      total &&
      Math.abs(breakdown.itemsPrice + breakdown.otherFees - breakdown.discount - total.value) >
        Math.max(TOTAL_TOLERANCE, Math.abs(total.value) * 0.01)
    )
      flags.add("totalMismatch");
  }
  const lines = summary.lines ?? [];
  if (
    summary.itemCount > MAX_PLAUSIBLE_QUANTITY * Math.max(1, lines.length) ||
    lines.some(
      (line) =>
        line.quantity > MAX_PLAUSIBLE_QUANTITY ||
        line.options.some((option) => option.quantity > MAX_PLAUSIBLE_QUANTITY),
    )
  )
    flags.add("absurdQuantity");
  if (receivedAt) {
    const reference = receivedAt.getTime();
    const placed = Date.parse(summary.placedAt);
    if (!Number.isFinite(placed) || Math.abs(placed - reference) > MAX_PLACED_SKEW_MS) flags.add("implausibleTime");
    for (const time of [summary.scheduledFor, summary.preparationStartAt]) {
      if (!time) continue;
      const at = Date.parse(time);
      if (!Number.isFinite(at) || at < reference - MAX_PLACED_SKEW_MS || at > reference + MAX_SCHEDULE_AHEAD_MS)
        flags.add("implausibleTime");
    }
  }
  return ORDER_FLAGS.filter((flag) => flags.has(flag));
}
