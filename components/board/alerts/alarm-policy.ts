import { laneOf } from "@/lib/orders/lanes";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import type { SoundKind } from "./sound-engine";

/** Mute lasts at most this long; the alert comes back while its reason remains. */
export const MUTE_MS = 2 * 60_000;
/** A New order this close to its confirm deadline turns the alert urgent. */
export const URGENT_BEFORE_DEADLINE_MS = 3 * 60_000;

/** Columns where the kitchen is (or may be) cooking: a cancellation there means "stop cooking". */
const COOKING_COLUMNS: ReadonlySet<BoardColumn> = new Set(["preparing", "ready"]);

export interface StopCooking {
  id: string;
  displayId: string;
}

export interface AlarmInput {
  now: number;
  orders: readonly BoardOrder[];
  stopCooking: readonly StopCooking[];
  /** Orders the platform cancelled at their confirm deadline that nobody acknowledged yet (issue 27). */
  missedConfirms?: readonly StopCooking[];
  connectionDown: boolean;
  mutedUntil: number | null;
}

/**
 * New orders waiting for someone to confirm them. A scheduled order still in the Scheduled lane
 * does not ring yet: its confirm deadline counts from its preparation start.
 */
export function waitingOrders(orders: readonly BoardOrder[], now: number): BoardOrder[] {
  return orders.filter((order) => laneOf(order, now) === "new");
}

export function isUrgent(order: BoardOrder, now: number): boolean {
  if (order.column !== "new" || !order.confirmBy) return false;
  const deadline = Date.parse(order.confirmBy);
  return !Number.isNaN(deadline) && deadline - now <= URGENT_BEFORE_DEADLINE_MS;
}

/** The alarm the board wants now, loudest reason first, before mute. */
export function wantedSound({
  now,
  orders,
  stopCooking,
  missedConfirms = [],
  connectionDown,
}: Omit<AlarmInput, "mutedUntil">): SoundKind | null {
  if (stopCooking.length > 0) return "stopCooking";
  if (connectionDown) return "connectionLost";
  // Orders lost to the confirm deadline: the kitchen must know (and call the customer, or fix
  // whatever kept it from confirming), so it rings urgently until someone says they saw it.
  if (missedConfirms.length > 0) return "urgent";
  // Someone asks to cancel: the platform decides by itself if nobody answers, so it rings until answered.
  if (openCancellationRequests(orders).length > 0) return "cancellationRequest";
  const waiting = waitingOrders(orders, now);
  if (waiting.some((order) => isUrgent(order, now))) return "urgent";
  if (waiting.length > 0) return "new";
  return null;
}

/** Orders whose cancellation request (customer's or platform's) waits for Accept or Deny. */
export function openCancellationRequests(orders: readonly BoardOrder[]): BoardOrder[] {
  return orders.filter(
    (order) => order.cancellationRequested && order.column !== "cancelled" && order.column !== "done",
  );
}

/** Requests the board has not rung for yet: a new one is not covered by an earlier mute. */
export function newCancellationRequests(heard: ReadonlySet<string>, orders: readonly BoardOrder[]): string[] {
  return openCancellationRequests(orders)
    .map((order) => order.id)
    .filter((id) => !heard.has(id));
}

/** What actually sounds: the wanted alarm unless muted (mute ends by itself). */
export function audibleSound(input: AlarmInput): SoundKind | null {
  if (input.mutedUntil !== null && input.now < input.mutedUntil) return null;
  return wantedSound(input);
}

/** An order cancelled this long ago or less still warns a board that opens (or reloads) now. */
export const STOP_COOKING_RECENT_MS = 15 * 60_000;

/**
 * Orders to stop cooking. Against the board's last view: orders that were being cooked and are
 * now cancelled. On the first view (`previous` null: the board just opened or reloaded): orders
 * the server marks cancelled while cooking in the last 15 minutes that nobody acknowledged on
 * this device — a reload must not swallow the warning.
 */
export function cancelledWhileCooking(
  previous: ReadonlyMap<string, BoardColumn> | null,
  orders: readonly BoardOrder[],
  firstView: { now: number; acknowledged: (orderId: string) => boolean } = { now: 0, acknowledged: () => true },
): StopCooking[] {
  const news = orders.filter((order) => {
    if (order.column !== "cancelled") return false;
    if (previous) {
      const before = previous.get(order.id);
      return before !== "cancelled" && (COOKING_COLUMNS.has(before ?? "new") || order.cancelledWhileCooking === true);
    }
    const finished = Date.parse(order.finishedAt ?? "");
    return (
      order.cancelledWhileCooking === true &&
      firstView.now - finished <= STOP_COOKING_RECENT_MS &&
      !firstView.acknowledged(order.id)
    );
  });
  return news.map(({ id, displayId }) => ({ id, displayId }));
}

/**
 * Orders the platform cancelled because nobody confirmed them in time (issue 27): against the
 * board's last view, New orders now cancelled so; on the first view, those of the last 15 minutes
 * nobody acknowledged on this device.
 */
export function cancelledUnconfirmed(
  previous: ReadonlyMap<string, BoardColumn> | null,
  orders: readonly BoardOrder[],
  firstView: { now: number; acknowledged: (orderId: string) => boolean } = { now: 0, acknowledged: () => true },
): StopCooking[] {
  return orders
    .filter((order) => {
      if (order.column !== "cancelled" || !order.cancelledBecause?.unconfirmed) return false;
      if (previous) {
        const before = previous.get(order.id);
        return before !== undefined && before !== "cancelled";
      }
      const finished = Date.parse(order.finishedAt ?? "");
      return firstView.now - finished <= STOP_COOKING_RECENT_MS && !firstView.acknowledged(order.id);
    })
    .map(({ id, displayId }) => ({ id, displayId }));
}
