import "server-only";
import { processSingleton } from "@/lib/process-singleton";

// Which board prints an auto-accepted order's ticket: the first that claims it. Every board that
// prints on confirm asks once per order; only the first ask is granted, so two tablets (or two
// tabs) set to print on confirm give one ticket. Kept in the process (one Comanda process by
// default); with several instances each grants its own first ask — the device's own Web Lock
// still keeps one device to one ticket.

/** How many orders are remembered: far more than a day's auto-accepted orders in every store. */
const KEPT = 5_000;

export function autoPrintClaims(): Map<string, number> {
  return processSingleton("autoPrintClaims", () => new Map<string, number>());
}

/** True for the first claim of an order (keyed by store and order), false after. */
export function claimAutoPrint(claims: Map<string, number>, storeId: string, orderId: string, now: Date): boolean {
  const key = `${storeId}\u0000${orderId}`;
  if (claims.has(key)) return false;
  claims.set(key, now.getTime());
  // Forget the oldest past the bound (a Map keeps insertion order).
  while (claims.size > KEPT) claims.delete(claims.keys().next().value!);
  return true;
}
