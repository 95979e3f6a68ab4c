import type { OrderAction } from "@/lib/contract/board-values";
import type { OrderOperation } from "./manifest";

// Which Open Delivery dialect a connection speaks, and what a platform's declared operations
// mean for the board. Pure, shared by the server and its tests.

/** The dialects Comanda speaks, the preferred first: 2.0 when the platform declares it too. */
export const SPOKEN_DIALECTS = ["2.0", "1.x"] as const;
export type Dialect = (typeof SPOKEN_DIALECTS)[number];

/** Which dialect a version string a manifest declares belongs to ("1.7", "1.7.0" → 1.x; "2.0" → 2.0). */
function dialectOf(version: string): string | null {
  const major = /^v?(\d+)(?:\.\d+){0,2}(?:-[\w.]+)?$/.exec(version.trim())?.[1];
  if (major === undefined) return null;
  return major === "1" ? "1.x" : `${major}.0`;
}

/** The first dialect Comanda speaks that the platform declares too; null when they share none. */
export function chooseDialect(supportedVersions: readonly string[]): Dialect | null {
  const theirs = new Set(supportedVersions.map(dialectOf));
  return SPOKEN_DIALECTS.find((dialect) => theirs.has(dialect)) ?? null;
}

/**
 * The operation each board action calls on the platform, by the discovery document's names.
 * pickedUp, acceptCancellation and denyCancellation have no name there (2.0 removed them): they
 * are never held back by a manifest, the 1.x connection answers for them as before.
 */
export const OPERATION_OF_ACTION: Partial<Record<OrderAction, OrderOperation>> = {
  confirm: "confirmOrder",
  preparing: "setOrderPreparing",
  readyForPickup: "setOrderReadyForPickup",
  dispatch: "dispatchOrder",
  delivered: "setOrderDelivered",
  requestCancellation: "requestCancellation",
};

/**
 * The board actions the platform does not offer: null declared operations (no manifest read —
 * a 1.x platform as before discovery) hold nothing back; an inactive connection holds back all.
 */
export function actionsNotOffered(operations: readonly string[] | null, active = true): OrderAction[] {
  if (!active) return Object.keys(OPERATION_OF_ACTION) as OrderAction[];
  if (operations === null) return [];
  const offered = new Set(operations);
  return (Object.entries(OPERATION_OF_ACTION) as [OrderAction, OrderOperation][])
    .filter(([, operation]) => !offered.has(operation))
    .map(([action]) => action);
}
