import { isBoardOrder } from "./board-cache";
import type { ApiErrorBody, BoardOrder, BoardSnapshot, OrderAction } from "@/lib/orders/types";

/**
 * A BFF call that failed. `message` is the server's sentence for people when it sent one; when it
 * did not (a proxy's HTML error page, a crash), the UI falls back to its own translated text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly serverMessage: string | null,
    /** `already_done` answers carry the order as it is now. */
    readonly order: BoardOrder | null = null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = "ApiError";
  }
}

export async function fetchBoard(signal?: AbortSignal): Promise<BoardSnapshot> {
  const response = await fetch("/api/orders", {
    headers: { accept: "application/json" },
    cache: "no-store",
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as BoardSnapshot;
}

/** Performs the action; answers with the new card and the staff member it was recorded for. */
export async function postOrderAction(
  orderId: string,
  action: OrderAction,
  body: Record<string, unknown> = {},
): Promise<{ order: BoardOrder; actor: string | null }> {
  const response = await fetch(
    `/api/orders/${encodeURIComponent(orderId)}/actions/${action}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as { order: BoardOrder; actor: string | null };
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) {
    const order = "order" in body && isBoardOrder(body.order) ? body.order : null;
    return new ApiError(response.status, body.error.code, body.error.message || null, order);
  }
  return new ApiError(response.status, null, null);
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error: unknown = value.error;
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    "message" in error &&
    typeof error.message === "string"
  );
}
