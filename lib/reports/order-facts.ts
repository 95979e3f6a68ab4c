import type { ReportOrder } from "./types";
import type { Initiator, Stage } from "@/lib/contract/reports";

/** The first event of these types marks the stage (DELIVERED for deliveries, PICKED_UP for takeout). */
const STAGE_EVENTS: Record<Stage, readonly string[]> = {
  confirm: ["CONFIRMED"],
  ready: ["READY_FOR_PICKUP"],
  dispatch: ["DISPATCHED"],
  delivery: ["DELIVERED", "PICKED_UP"],
};

const CUSTOMER_CODE = "CONSUMER_CANCELLATION_REQUESTED";
export const UNKNOWN_REASON = "UNKNOWN";

export interface Cancellation {
  /** The standard's code (e.g. UNAVAILABLE_ITEM), kept as sent; UNKNOWN when none was given. */
  code: string;
  initiator: Initiator;
}

export interface OrderFacts {
  /** Seconds from the order's creation to each stage it reached. */
  stageSeconds: Partial<Record<Stage, number>>;
  cancellation: Cancellation | null;
}

function firstAt(order: ReportOrder, types: readonly string[]): Date | null {
  let first: Date | null = null;
  for (const event of order.events) {
    if (types.includes(event.type) && (!first || event.at < first)) first = event.at;
  }
  return first;
}

/**
 * Who started a cancellation, from what led to the CANCELLED event:
 * - its metadata code CONSUMER_CANCELLATION_REQUESTED → the customer;
 * - otherwise the last request at or before it: our requestCancellation (a succeeded
 *   order_action, or the platform's CANCELLATION_REQUESTED acknowledging it) → the merchant;
 *   the platform's ORDER_CANCELLATION_REQUEST → the customer when its code says so, else the
 *   platform;
 * - nothing before it → the platform (its own or an automatic cancellation, e.g. nobody confirmed
 *   in time).
 */
function cancellationOf(order: ReportOrder): Cancellation | null {
  const cancelled = order.events
    .filter((event) => event.type === "CANCELLED")
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  if (!cancelled) return null;

  type Request = { at: Date; initiator: Initiator; code: string | null };
  const requests: Request[] = [
    ...order.events
      .filter((event) => event.type === "CANCELLATION_REQUESTED" || event.type === "ORDER_CANCELLATION_REQUEST")
      .map((event): Request => ({
        at: event.at,
        code: event.code,
        initiator:
          event.type === "CANCELLATION_REQUESTED" ? "merchant" : event.code === CUSTOMER_CODE ? "customer" : "platform",
      })),
    ...order.actions
      .filter((action) => action.action === "requestCancellation" && action.outcome === "succeeded")
      .map((action): Request => ({ at: action.at, code: action.code, initiator: "merchant" })),
  ].filter((request) => request.at <= cancelled.at);
  const last = requests.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);

  const initiator: Initiator = cancelled.code === CUSTOMER_CODE ? "customer" : (last?.initiator ?? "platform");
  return { code: cancelled.code ?? last?.code ?? UNKNOWN_REASON, initiator };
}

export function orderFacts(order: ReportOrder): OrderFacts {
  const stageSeconds: Partial<Record<Stage, number>> = {};
  for (const [stage, types] of Object.entries(STAGE_EVENTS) as Array<[Stage, readonly string[]]>) {
    const at = firstAt(order, types);
    // A stage stamped before creation is clock skew between platform hosts, not a speed.
    if (at && at >= order.placedAt) stageSeconds[stage] = (at.getTime() - order.placedAt.getTime()) / 1000;
  }
  return { stageSeconds, cancellation: cancellationOf(order) };
}
