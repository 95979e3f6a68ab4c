import { apiRequest } from "@/lib/contract/client";
import { orderReviewAnswerSchema } from "@/lib/contract/order-review";

/** Read once when the details open, and again after an action (never polled). */
export function fetchOrderReview(orderId: string, signal?: AbortSignal) {
  return apiRequest(orderReviewAnswerSchema, `/api/orders/${encodeURIComponent(orderId)}`, { signal });
}
