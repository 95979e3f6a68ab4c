import { recordMerchantRequest, type Emit } from "../cancellation";
import type { OrderRecord } from "../types";
import { invalidTransition } from "./lifecycle";
import { v2StatusOf } from "./status";

// Open Delivery 2.0's two cancellation directions (orders.openapi.yaml, tag Cancellation).
//
// A — the merchant asks (POST /v2/orders/{id}/requestCancellation, 202): CANCELLATION_REQUESTED,
// then the platform decides at once, in the same call, as the 1.x sandbox does (no reviewer
// exists in a sandbox; a deterministic answer keeps tests simple): an order already out for
// delivery is refused (CANCELLATION_REQUEST_DENIED, code OUT_FOR_DELIVERY, status unchanged);
// any other open order is accepted — CANCELLATION_REQUEST_ACCEPTED (status unchanged) and then
// CANCELLED (status CANCELLED), as the document requires. A request on a cancelled order is 202
// with nothing new; on a delivered or concluded one 409.
//
// B — the platform cancels (customer, policy, the confirm deadline): CANCELLED, no handshake.

export type V2CancellationRequest = {
  reason: string;
  code: string;
  mode: "AUTO" | "MANUAL";
  outOfStockItems?: string[];
};

export function requestCancellationV2(
  emit: Emit,
  record: OrderRecord,
  clientId: string,
  request: V2CancellationRequest,
  at: string,
): void {
  const status = v2StatusOf(record);
  if (status === "CANCELLED") return;
  if (status === "DELIVERED" || status === "CONCLUDED")
    throw invalidTransition(`Cannot request cancellation of an order in ${status} status`);
  const denied = status === "IN_DELIVERY";
  const metadata = recordMerchantRequest(emit, record, clientId, request, at, denied);
  if (denied) return;
  emit(record, "CANCELLATION_REQUEST_ACCEPTED", metadata);
  emit(record, "CANCELLED", metadata);
}

/** Direction B: the platform cancels an open order on its own, saying why; no accept or deny. */
export function cancelByPlatformV2(emit: Emit, record: OrderRecord, metadata: { reason: string; code: string }) {
  const status = v2StatusOf(record);
  if (["CANCELLED", "DELIVERED", "CONCLUDED"].includes(status)) return undefined;
  return emit(record, "CANCELLED", { ...metadata });
}
