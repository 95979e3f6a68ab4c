import { AppError } from "@/lib/errors";

/**
 * Why an own order (or its customer) was refused, in a word the form translates
 * (messages `ownOrder.errors.<reason>`, pt-BR and en); the AppError's sentence is the server's
 * English for logs and API users. `detail` names what was refused (an item, an amount).
 */
export const OWN_ORDER_REASONS = [
  "phoneInvalid",
  "noItems",
  "unknownItem",
  "soldOut",
  "flavorCount",
  "optionCount",
  "trocoBelowTotal",
  "outsideDeliveryArea",
  "addressRequired",
  "channelOff",
  "menuMissing",
  "scheduledInPast",
  // Editing (./edit.ts): a platform's order, or one the kitchen has started (409).
  "platformOrder",
  "notEditable",
] as const;
export type OwnOrderReason = (typeof OWN_ORDER_REASONS)[number];

export function ownOrderError(reason: OwnOrderReason, message: string, detail?: string): AppError {
  return new AppError("bad_request", message, undefined, { reason, ...(detail === undefined ? {} : { detail }) });
}

/** An own order that cannot be changed now (409), with the reason the form translates. */
export function ownOrderConflict(reason: OwnOrderReason, message: string): AppError {
  return new AppError("action_not_allowed", message, undefined, { reason });
}
