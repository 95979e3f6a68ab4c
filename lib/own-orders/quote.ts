import "server-only";
import type { OwnOrderInput } from "@/lib/contract/own-order";
import type { OwnOrderQuote } from "@/lib/contract/own-order-form";
import type { Database } from "@/lib/db";
import { priceOwnOrder } from "./create";

/**
 * The form's price of an order as it is typed (POST /api/orders/own/quote): the same pricing as
 * taking it (./create.ts priceOwnOrder), so the total the operator reads out is the one charged.
 * Nothing is written; what taking it would refuse is refused with the same reason.
 */
export async function quoteOwnOrder(db: Database, input: OwnOrderInput, now: Date): Promise<OwnOrderQuote> {
  const { lines, totals, zoneName } = await priceOwnOrder(db, input, now, { draft: true });
  return {
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      totalCents: line.totalCents,
      options: line.options.map((option) => option.name),
    })),
    itemsCents: totals.itemsCents,
    deliveryFeeCents: totals.deliveryFeeCents,
    totalCents: totals.totalCents,
    changeCents: totals.changeCents,
    zone: zoneName,
  };
}
