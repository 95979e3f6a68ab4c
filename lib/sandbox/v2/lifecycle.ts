import { SandboxError } from "../errors";
import type { OrderType, V2OrderStatus } from "../types";
import { PROGRESS } from "./status";

// Open Delivery 2.0's lifecycle operations as a table (orders.openapi.yaml "Status machine" and
// "Repeated lifecycle requests"): a transition valid and not yet applied emits its event (which
// projects the status); the same operation already applied — the order at its target or later —
// is 202 with no new transition and no event; anything else (a cancelled order, a step skipped,
// dispatch of a takeout) is 409 INVALID_ORDER_STATE_TRANSITION and changes nothing.

export type V2Action = "confirm" | "preparing" | "readyForPickup" | "dispatch" | "delivered";

type V2Transition = {
  /** Statuses the operation moves from. */
  from: readonly V2OrderStatus[];
  /** The status the operation reaches (its event projects it). */
  target: V2OrderStatus;
  event: string;
  /** Profiles the operation applies to; absent: every profile. */
  types?: readonly OrderType[];
};

export const V2_TRANSITIONS: Record<V2Action, V2Transition> = {
  confirm: { from: ["CREATED"], target: "CONFIRMED", event: "CONFIRMED" },
  preparing: { from: ["CONFIRMED"], target: "PREPARING", event: "PREPARING" },
  readyForPickup: { from: ["CONFIRMED", "PREPARING"], target: "READY", event: "READY_FOR_PICKUP" },
  // READY → IN_DELIVERY only: the state machine has no dispatch from CONFIRMED or PREPARING.
  dispatch: { from: ["READY"], target: "IN_DELIVERY", event: "DISPATCHED", types: ["DELIVERY"] },
  // READY → DELIVERED for every profile (orders.en.md's machine and its delivery happy path:
  // confirm, ready-for-pickup, delivered), IN_DELIVERY → DELIVERED for deliveries.
  delivered: { from: ["READY", "IN_DELIVERY"], target: "DELIVERED", event: "DELIVERED" },
};

/** The operation names of the 2.0 paths, for messages. */
export const V2_OPERATION: Record<V2Action, string> = {
  confirm: "confirm",
  preparing: "preparing",
  readyForPickup: "ready-for-pickup",
  dispatch: "dispatch",
  delivered: "delivered",
};

export const invalidTransition = (message: string) =>
  new SandboxError(409, message, { code: "INVALID_ORDER_STATE_TRANSITION" });

/**
 * What an operation does to an order in `status`: the event to emit, or null when it was already
 * applied (202, nothing new). Throws 409 when the transition is impossible. `cancelled`: the order
 * was cancelled, so a CONCLUDED one closed a cancellation, not a delivery (nothing was applied).
 */
export function decide(action: V2Action, type: OrderType, status: V2OrderStatus, cancelled = false): string | null {
  const transition = V2_TRANSITIONS[action];
  const operation = V2_OPERATION[action];
  if (transition.types && !transition.types.includes(type))
    throw invalidTransition(`Cannot ${operation} a ${type} order (only ${transition.types.join(", ")})`);
  if (transition.from.includes(status)) return transition.event;
  if (status !== "CANCELLED" && !cancelled && PROGRESS[status] >= PROGRESS[transition.target]) return null;
  throw invalidTransition(`Cannot ${operation} an order in ${status} status`);
}
