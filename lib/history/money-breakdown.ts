import { z } from "zod";

// The money of an order as the export's columns show it: the standard's breakdown (total's
// itemsPrice, otherFees, discount) beside its orderAmount, so a spreadsheet can check that
// items + fees − discount = total, and 1.7's minimum-order fee on its own column: money the
// customer paid, already inside the fees (never added a second time).

const priceSchema = z.object({ value: z.number() }).loose();
const breakdownSchema = z
  .object({
    total: z
      .object({
        itemsPrice: priceSchema.optional(),
        otherFees: priceSchema.optional(),
        discount: priceSchema.optional(),
      })
      .loose()
      .optional(),
    otherFees: z.array(z.object({ type: z.unknown(), price: priceSchema.optional() }).loose()).nullish(),
  })
  .loose();

export interface MoneyBreakdown {
  itemsPrice: number | null;
  /** Every fee the customer paid (delivery, service, tip, minimum order, …): the standard's total.otherFees. */
  fees: number | null;
  /** The part of the fees that is 1.7's MIN_ORDER_FEE; null when the order has none. */
  minOrderFee: number | null;
  discount: number | null;
}

const finite = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : null);

/** The breakdown of the platform's (or our own order's) raw details; every part null when absent. */
export function moneyBreakdown(details: unknown): MoneyBreakdown {
  const parsed = breakdownSchema.safeParse(details);
  if (!parsed.success) return { itemsPrice: null, fees: null, minOrderFee: null, discount: null };
  const { total, otherFees } = parsed.data;
  const minimum = (otherFees ?? []).filter((fee) => fee.type === "MIN_ORDER_FEE");
  // In cents, so that two fees of 0.1 and 0.2 are 0.3, not 0.30000000000000004.
  const minimumCents = minimum.reduce((sum, fee) => sum + Math.round((finite(fee.price?.value) ?? 0) * 100), 0);
  return {
    itemsPrice: finite(total?.itemsPrice?.value),
    fees: finite(total?.otherFees?.value),
    minOrderFee: minimum.length > 0 ? minimumCents / 100 : null,
    discount: finite(total?.discount?.value),
  };
}
