import { z } from "zod";
import type { Money } from "@/lib/contract/board";

/**
 * The admin API's order list, parsed at the boundary and reshaped into Comanda's type. The
 * platform document does not show this body; these are the fields the sandbox (and so far the
 * platform) sends. Statuses and types are open: an unknown value is kept.
 */
const moneySchema = z.object({ value: z.number(), currency: z.string() }).loose();

const adminOrderSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    displayId: z.union([z.string(), z.number()]).transform(String).nullish(),
    status: z.string(),
    type: z.string().nullish(),
    orderTiming: z.string().nullish(),
    createdAt: z.iso.datetime({ offset: true }),
    lastEvent: z.string().nullish(),
    customerName: z.string().nullish(),
    total: moneySchema.nullish(),
  })
  .loose();

export const adminOrderListSchema = z.object({
  status: z.literal("success").optional(),
  data: z.object({
    orders: z.array(z.unknown()),
    pagination: z
      .object({ currentOffset: z.number().int(), limit: z.number().int(), totalItems: z.number().int() })
      .loose()
      .optional(),
  }),
});

/** One order as the platform's admin API lists it. */
export interface AdminOrder {
  id: string;
  displayId: string | null;
  /** CREATED, CONFIRMED, IN_TRANSIT, DONE, CANCELLED — or a newer value, kept. */
  status: string;
  type: string | null;
  timing: string | null;
  /** ISO 8601 (UTC). */
  createdAt: string;
  lastEvent: string | null;
  customerName: string | null;
  total: Money | null;
}

/** One list element, or null when it does not parse (one bad row must not hide the rest). */
export function toAdminOrder(raw: unknown): AdminOrder | null {
  const parsed = adminOrderSchema.safeParse(raw);
  if (!parsed.success) return null;
  const order = parsed.data;
  return {
    id: order.id,
    displayId: order.displayId ?? null,
    status: order.status,
    type: order.type ?? null,
    timing: order.orderTiming ?? null,
    createdAt: new Date(order.createdAt).toISOString(),
    lastEvent: order.lastEvent ?? null,
    customerName: order.customerName?.trim() || null,
    total: order.total ? { value: order.total.value, currency: order.total.currency } : null,
  };
}
