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
] as const;
export type OwnOrderReason = (typeof OWN_ORDER_REASONS)[number];

export function ownOrderError(reason: OwnOrderReason, message: string, detail?: string): AppError {
  return new AppError("bad_request", message, undefined, { reason, ...(detail === undefined ? {} : { detail }) });
}
