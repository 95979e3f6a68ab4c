import { laneOf } from "@/lib/orders/lanes";
import type { BoardColumn, BoardOrder } from "@/lib/orders/types";
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
export function wantedSound({ now, orders, stopCooking, connectionDown }: Omit<AlarmInput, "mutedUntil">): SoundKind | null {
  if (stopCooking.length > 0) return "stopCooking";
  if (connectionDown) return "connectionLost";
  const waiting = waitingOrders(orders, now);
  if (waiting.some((order) => isUrgent(order, now))) return "urgent";
  if (waiting.length > 0) return "new";
  return null;
}

/** What actually sounds: the wanted alarm unless muted (mute ends by itself). */
export function audibleSound(input: AlarmInput): SoundKind | null {
  if (input.mutedUntil !== null && input.now < input.mutedUntil) return null;
  return wantedSound(input);
}

/**
 * Orders that were being cooked (per the board's last view) and are now cancelled. The first
 * view (`previous` null) only records: an order cancelled before the board opened is not news.
 */
export function cancelledWhileCooking(previous: ReadonlyMap<string, BoardColumn> | null, orders: readonly BoardOrder[]): StopCooking[] {
  if (!previous) return [];
  return orders
    .filter((order) => order.column === "cancelled" && COOKING_COLUMNS.has(previous.get(order.id) ?? "new"))
    .map(({ id, displayId }) => ({ id, displayId }));
}
