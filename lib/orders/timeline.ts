import type { TimelineEntry } from "@/lib/contract/order-review";

/** The platform event a successful action of ours causes: the two are one step on the timeline. */
export const EVENT_OF_ACTION: Readonly<Record<string, string>> = {
  confirm: "CONFIRMED",
  preparing: "PREPARING",
  readyForPickup: "READY_FOR_PICKUP",
  dispatch: "DISPATCHED",
  delivered: "DELIVERED",
  pickedUp: "PICKED_UP",
  requestCancellation: "CANCELLATION_REQUESTED",
  acceptCancellation: "CANCELLED",
  denyCancellation: "CANCELLED_DENIED",
};

/**
 * Merges each successful action with the event it caused (the first later event of its type not
 * yet merged), so a step reads once: "Confirmed by Ana · the platform confirmed at 19:04". An
 * event that came before any action of ours (the platform acted, or another system did) stays
 * on its own. Entries must be oldest first; the result is too.
 */
export function mergeTimeline(entries: readonly TimelineEntry[]): TimelineEntry[] {
  const absorbed = new Set<number>();
  const merged = entries.map((entry, index): TimelineEntry => {
    if (entry.kind !== "action" || entry.outcome !== "succeeded") return entry;
    const eventType = EVENT_OF_ACTION[entry.name];
    const caused = entries.findIndex(
      (other, at) =>
        at > index && !absorbed.has(at) && other.kind === "event" && other.name === eventType && other.at >= entry.at,
    );
    if (caused === -1) return entry;
    absorbed.add(caused);
    return { ...entry, platformAt: entries[caused]!.at };
  });
  return merged.filter((_, index) => !absorbed.has(index));
}
