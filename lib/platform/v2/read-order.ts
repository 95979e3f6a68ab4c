import { z } from "zod";
import { looksLikeV1Order, orderV2Schema, type OrderV2 } from "./order-schema";
import { toComandaOrder } from "./to-comanda";

export type ReadOrderV2 = { ok: true; order: OrderV2; details: Record<string, unknown> } | { ok: false; error: string };

/** The longest error kept: a hostile order's thousand problems must not fill the sync errors. */
const MAX_ERROR_CHARS = 2_000;

/**
 * A 2.0 GET /orders/{orderId} answer, parsed and mapped to the order Comanda stores. Never
 * throws: anything but a valid 2.0 order is an error in a sentence — a 1.x order (a platform
 * answering the other dialect) says so rather than listing the fields it lacks.
 */
export function readOrderV2(raw: unknown): ReadOrderV2 {
  if (looksLikeV1Order(raw))
    return {
      ok: false,
      error: "The platform answered an Open Delivery 1.x order (root `type`, no `fulfillment`) on a 2.0 connection",
    };
  const parsed = orderV2Schema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      error: `Not an Open Delivery 2.0 order: ${z.prettifyError(parsed.error)}`.slice(0, MAX_ERROR_CHARS),
    };
  return { ok: true, order: parsed.data, details: toComandaOrder(parsed.data) };
}
