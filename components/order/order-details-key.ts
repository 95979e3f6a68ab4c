/**
 * The React Query key of an order's details (order-details-query.ts reads them). Its own module:
 * the board's stream and actions invalidate it from the first load, which the details' schemas
 * are not part of.
 */
export const orderDetailsKey = (orderId: string) => ["order", orderId] as const;
