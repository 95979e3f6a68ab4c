import { and, eq } from "drizzle-orm";
import { orderActions, orders, platformEvents } from "./schema";

// Join conditions that tie an event or an action to its order by order id AND store. An order id
// is only the platform's word, so a store's connection could name another store's order; the
// event is then stored under the store that delivered it and must never show on the other's order.

/** platform_events ⋈ orders: the event was delivered by the order's own store. */
export const eventOfOrder = and(eq(orders.id, platformEvents.orderId), eq(orders.storeId, platformEvents.storeId));

/** order_actions ⋈ orders: the action was taken on the order's own store. */
export const actionOfOrder = and(eq(orders.id, orderActions.orderId), eq(orders.storeId, orderActions.storeId));
