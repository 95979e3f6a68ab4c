import type { OrderRecord } from "./types";

// validateCode, both dialects: the code the platform's courier shows at the counter is the order's
// delivery pickupCode. Synchronous and eventless; the routes answer a failure in their dialect's
// error body (1.x problem+json, 2.0 {code, message}), always 400.

export type CodeCheck =
  | { ok: true; answer: { orderId: string; deliveryCode: string } }
  | { ok: false; code: "MISSING_DELIVERY_CODE" | "NO_DELIVERY_CODE" | "INVALID_DELIVERY_CODE"; message: string };

export function checkDeliveryCode(record: OrderRecord, given: string | undefined): CodeCheck {
  if (!given) return { ok: false, code: "MISSING_DELIVERY_CODE", message: "deliveryCode is required" };
  const expected = record.order.delivery?.pickupCode;
  if (!expected) return { ok: false, code: "NO_DELIVERY_CODE", message: "This order has no code to validate" };
  if (given.trim() !== expected)
    return { ok: false, code: "INVALID_DELIVERY_CODE", message: "The code does not match this order's code" };
  return { ok: true, answer: { orderId: record.order.id, deliveryCode: expected } };
}
