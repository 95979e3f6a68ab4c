import { z } from "zod";
import type { OrderSummary } from "@/lib/orders/types";
import { indoorPlace, kitchenLines, orderNotes } from "@/lib/orders/order-lines";
import { finite, recordAt, text } from "@/lib/orders/read-defensively";
import { looksLikeV2Order } from "@/lib/platform/v2/order-schema";
import { platformOrderSchema, type PlatformOrder } from "./schemas";

export type ParsedOrderDetails =
  { ok: true; order: PlatformOrder; summary: OrderSummary } | { ok: false; error: string };

/** Parses the platform's raw order payload and reshapes it into Comanda's summary. */
export function parseOrderDetails(raw: unknown): ParsedOrderDetails {
  // A 1.x connection answered with a 2.0 order: said in a sentence, not as the fields 1.x lacks.
  if (looksLikeV2Order(raw))
    return {
      ok: false,
      error:
        "The platform answered an Open Delivery 2.0 order (fulfillment.orderType, no root type) on a 1.x connection",
    };
  const parsed = platformOrderSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  return { ok: true, order: parsed.data, summary: toOrderSummary(parsed.data) };
}

export function toOrderSummary(order: PlatformOrder): OrderSummary {
  return {
    displayId: order.displayId,
    type: order.type,
    customerName: order.customer?.name?.trim() || null,
    itemCount: countItems(order.items),
    total: order.total.orderAmount,
    placedAt: new Date(order.createdAt).toISOString(),
    timing: order.orderTiming ?? "INSTANT",
    preparationStartAt: isoOrNull(order.preparationStartDateTime),
    scheduledFor: isoOrNull(order.schedule?.scheduledDateTimeStart),
    place: order.type === "INDOOR" ? indoorPlace(order.indoor) : null,
    lines: kitchenLines(order.items),
    totals: totalBreakdown(order.total),
    notes: orderNotes(order),
    pickupCode: text(recordAt(order, "delivery").pickupCode) ?? null,
  };
}

/** The standard's itemsPrice, otherFees and discount values, when all three are numbers (for plausibility). */
function totalBreakdown(total: PlatformOrder["total"]): OrderSummary["totals"] {
  const [itemsPrice, otherFees, discount] = ["itemsPrice", "otherFees", "discount"].map((key) =>
    finite(recordAt(total, key).value),
  );
  return itemsPrice !== undefined && otherFees !== undefined && discount !== undefined
    ? { itemsPrice, otherFees, discount }
    : null;
}

/** Units count as pieces; an item sold by weight or volume (KG, L, …) is one thing to make. */
function countItems(items: PlatformOrder["items"]): number {
  return items.reduce((sum, item) => sum + (item.unit === "UN" ? item.quantity : 1), 0);
}

function isoOrNull(value: string | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}
