import { unprocessable } from "./errors";
import { OPEN_STAGES } from "./lifecycle";
import type { CancellationMetadata, OrderRecord, StoredEvent } from "./types";

// Both cancellation flows of the standard. Events carry the metadata the standard gives the
// cancellation family: {reason, code, clientId?}.
//
// Merchant-initiated: requestCancellation → CANCELLATION_REQUESTED, then the platform decides
// at once, in the same call (no reviewer exists in a sandbox, and a deterministic answer keeps
// tests simple): an order already dispatched is refused (CANCELLATION_REQUEST_DENIED, code
// OUT_FOR_DELIVERY); any other open order is CANCELLED with the merchant's reason and code.
//
// Customer-initiated: the platform (control API or simulator) emits ORDER_CANCELLATION_REQUEST;
// the merchant's acceptCancellation → CANCELLED, denyCancellation → CANCELLED_DENIED.
//
// Platform-initiated: the platform cancels on its own (an unconfirmed order past its deadline,
// confirm-deadline.ts): CANCELLED with the platform's reason and code, no clientId.

export type Emit = (record: OrderRecord, eventType: string, metadata?: Record<string, unknown>) => StoredEvent;

export const CUSTOMER_CANCELLATION = {
  reason: "The customer asked to cancel the order",
  code: "CONSUMER_CANCELLATION_REQUESTED",
};
export const DENIED_OUT_FOR_DELIVERY = { reason: "The order is already out for delivery", code: "OUT_FOR_DELIVERY" };

export type CancellationRequest = {
  reason: string;
  code: string;
  mode: "AUTO" | "MANUAL";
  outOfStockItems?: string[] | null;
  invalidItems?: string[] | null;
};

const withClient = (metadata: { reason: string; code: string }, clientId: string): CancellationMetadata => ({
  ...metadata,
  clientId,
});

function cancel(record: OrderRecord) {
  record.stage = "CANCELLED";
  record.status = "CANCELLED";
}

export function requestCancellation(
  emit: Emit,
  record: OrderRecord,
  clientId: string,
  request: CancellationRequest,
  at: string,
): void {
  const earlier = record.merchantCancellation?.outcome ?? (record.stage === "CANCELLED" ? "CANCELLED" : undefined);
  if (earlier) throw unprocessable(`Cancellation was already requested (${earlier})`, { cancellationStatus: earlier });
  if (!OPEN_STAGES.includes(record.stage))
    throw unprocessable(`Cannot requestCancellation an order whose stage is ${record.stage}`);
  const denied = record.stage === "DISPATCHED";
  const metadata = recordMerchantRequest(emit, record, clientId, request, at, denied);
  if (denied) return;
  cancel(record);
  emit(record, "CANCELLED", metadata);
}

/**
 * Both dialects' first steps of the merchant's request: CANCELLATION_REQUESTED, the request and
 * the platform's answer kept on the record, and CANCELLATION_REQUEST_DENIED when refused (out for
 * delivery). Answers the metadata the cancellation's own events carry.
 */
export function recordMerchantRequest(
  emit: Emit,
  record: OrderRecord,
  clientId: string,
  request: { reason: string; code: string; mode: "AUTO" | "MANUAL" },
  at: string,
  denied: boolean,
): CancellationMetadata {
  const metadata = withClient({ reason: request.reason, code: request.code }, clientId);
  emit(record, "CANCELLATION_REQUESTED", metadata);
  record.merchantCancellation = {
    ...metadata,
    mode: request.mode,
    outcome: denied ? "CANCELLATION_REQUEST_DENIED" : "CANCELLED",
    at,
  };
  if (denied) emit(record, "CANCELLATION_REQUEST_DENIED", { ...DENIED_OUT_FOR_DELIVERY });
  return metadata;
}

export function requestCustomerCancellation(emit: Emit, record: OrderRecord, at: string): StoredEvent {
  if (!OPEN_STAGES.includes(record.stage)) throw unprocessable(`Cannot cancel an order whose stage is ${record.stage}`);
  if (record.customerCancellation?.state === "PENDING")
    throw unprocessable("A customer cancellation request is already pending");
  record.customerCancellation = { ...CUSTOMER_CANCELLATION, state: "PENDING", at };
  return emit(record, "ORDER_CANCELLATION_REQUEST", { ...CUSTOMER_CANCELLATION });
}

function pending(record: OrderRecord, action: string) {
  const request = record.customerCancellation;
  if (request?.state !== "PENDING")
    throw unprocessable(`Nothing to ${action}: no pending cancellation request from the customer`);
  return request;
}

export function acceptCancellation(emit: Emit, record: OrderRecord, clientId: string, at: string): void {
  const request = pending(record, "acceptCancellation");
  if (!OPEN_STAGES.includes(record.stage))
    throw unprocessable(`Cannot acceptCancellation an order whose stage is ${record.stage}`);
  record.customerCancellation = { ...request, state: "ACCEPTED", at };
  cancel(record);
  emit(record, "CANCELLED", withClient(CUSTOMER_CANCELLATION, clientId));
}

export function denyCancellation(
  emit: Emit,
  record: OrderRecord,
  clientId: string,
  answer: { reason: string; code: string },
  at: string,
): void {
  const request = pending(record, "denyCancellation");
  record.customerCancellation = { ...request, state: "DENIED", at };
  emit(record, "CANCELLED_DENIED", withClient(answer, clientId));
}

/** The platform cancels an open order on its own, saying why. */
export function cancelByPlatform(emit: Emit, record: OrderRecord, metadata: { reason: string; code: string }): void {
  if (!OPEN_STAGES.includes(record.stage)) return;
  cancel(record);
  emit(record, "CANCELLED", { ...metadata });
}
