import type { PlatformStatus } from "./types";

// What each merchant action needs and does, as a table rather than branches, so the later
// issue adds ready / dispatch / delivered / cancellation as rows.

export type Transition = {
  /** Statuses the order may hold for the action to be accepted; anything else answers 422. */
  from: readonly PlatformStatus[];
  /** Status afterwards; undefined leaves it unchanged. */
  to?: PlatformStatus;
  eventType: string;
};

export const transitions = {
  confirm: { from: ["CREATED"], to: "CONFIRMED", eventType: "CONFIRMED" },
} as const satisfies Record<string, Transition>;

export type MerchantAction = keyof typeof transitions;
