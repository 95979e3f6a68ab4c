import type { OrderType, PlatformStatus, Stage } from "./types";

// What each merchant report needs and does, as a table rather than branches. `from` is the
// lifecycle stage the order must be in (anything else, including a repeat, answers 422);
// `status` is the platform-status effect per order type (the platform document's table: ready
// on TAKEOUT → IN_TRANSIT, ready on DELIVERY unchanged, picked up / delivered → DONE; dispatch
// → IN_TRANSIT is the sandbox's choice, the document does not say).

export type Transition = {
  from: readonly Stage[];
  /** Order types the report applies to; absent means every type. */
  types?: readonly OrderType[];
  /** Stage afterwards; absent leaves it (tracking updates). */
  to?: Stage;
  status?: Partial<Record<OrderType, PlatformStatus>>;
  /** Events emitted, in order. */
  events: readonly string[];
};

const every = (status: PlatformStatus) => ({ DELIVERY: status, TAKEOUT: status, INDOOR: status });

export const OPEN_STAGES: readonly Stage[] = ["CREATED", "CONFIRMED", "PREPARING", "READY", "DISPATCHED"];

export const transitions = {
  confirm: { from: ["CREATED"], to: "CONFIRMED", status: every("CONFIRMED"), events: ["CONFIRMED"] },
  preparing: { from: ["CONFIRMED"], to: "PREPARING", events: ["PREPARING"] },
  readyForPickup: {
    from: ["CONFIRMED", "PREPARING"],
    to: "READY",
    status: { TAKEOUT: "IN_TRANSIT" },
    events: ["READY_FOR_PICKUP"],
  },
  dispatch: {
    from: ["CONFIRMED", "PREPARING", "READY"],
    types: ["DELIVERY"],
    to: "DISPATCHED",
    status: { DELIVERY: "IN_TRANSIT" },
    events: ["DISPATCHED"],
  },
  tracking: { from: ["DISPATCHED"], types: ["DELIVERY"], events: [] },
  delivered: {
    from: ["READY", "DISPATCHED"],
    to: "CONCLUDED",
    status: every("DONE"),
    events: ["DELIVERED", "CONCLUDED"],
  },
  pickedUp: {
    from: ["READY"],
    types: ["TAKEOUT"],
    to: "CONCLUDED",
    status: { TAKEOUT: "DONE" },
    events: ["PICKED_UP", "CONCLUDED"],
  },
} as const satisfies Record<string, Transition>;

export type MerchantAction = keyof typeof transitions;

export const MERCHANT_ACTIONS = Object.keys(transitions) as MerchantAction[];

/** The stage of a record written before stages existed, from its platform status. */
export function stageFromStatus(status: PlatformStatus): Stage {
  if (status === "DONE") return "CONCLUDED";
  if (status === "IN_TRANSIT") return "READY";
  return status;
}
