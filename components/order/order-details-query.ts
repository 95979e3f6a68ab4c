import type { BoardOrder, TimelineEntry } from "@/lib/orders/types";
import { ApiError } from "@/components/board/board-api";
import type { OrderDetails } from "./details-types";

export interface OrderReview {
  order: BoardOrder;
  details: OrderDetails | null;
  detailsError: string | null;
  timeline: TimelineEntry[];
}

export const orderDetailsKey = (orderId: string) => ["order", orderId] as const;

/** Read once when the details open, and again after an action (never polled). */
export async function fetchOrderReview(orderId: string, signal?: AbortSignal): Promise<OrderReview> {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}`, {
    headers: { accept: "application/json" },
    cache: "no-store",
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, null, null);
  return (await response.json()) as OrderReview;
}
