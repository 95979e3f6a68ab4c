import { laneOf } from "./lanes";
import type { BoardOrder } from "@/lib/contract/board";

/** One thing to make, totalled across orders: "3× Pizza G — 3× 1/2 Margherita, 3× 1/2 Calabresa". */
export interface AllDayLine {
  name: string;
  quantity: number;
  /** Multiplied by the line's quantity, as the order details show them. */
  options: Array<{ name: string; quantity: number }>;
  /** Display ids of the orders it comes from, in board order. */
  orders: string[];
}

/**
 * The kitchen's "all day": identical item lines (same name, same options per unit) of every
 * order in preparation, added up. Only In preparation counts: those are confirmed and not yet
 * ready; New orders may still be refused and scheduled ones wait in their lane. Biggest first.
 */
export function allDayCounts(orders: readonly BoardOrder[], now: number): AllDayLine[] {
  const groups = new Map<
    string,
    { name: string; quantity: number; perUnit: Array<{ name: string; quantity: number }>; orders: string[] }
  >();
  for (const order of orders) {
    if (laneOf(order, now) !== "preparing") continue;
    for (const line of order.lines ?? []) {
      const perUnit = [...line.options].sort((a, b) => a.name.localeCompare(b.name) || a.quantity - b.quantity);
      const key = JSON.stringify([line.name, perUnit.map((option) => [option.name, option.quantity])]);
      const group = groups.get(key) ?? { name: line.name, quantity: 0, perUnit, orders: [] };
      group.quantity += line.quantity;
      if (!group.orders.includes(order.displayId)) group.orders.push(order.displayId);
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .map((group) => ({
      name: group.name,
      quantity: group.quantity,
      options: group.perUnit.map((option) => ({ name: option.name, quantity: option.quantity * group.quantity })),
      orders: group.orders,
    }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}
