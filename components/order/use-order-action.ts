import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardOrder, BoardSnapshot, OrderAction } from "@/lib/contract/board";
import { orderActionAnswerShape } from "@/lib/contract/board-shape";
import { ApiError, apiRequest } from "@/lib/contract/client";
import { applyOrderChange, BOARD_QUERY_KEY } from "@/components/board/stream/board-cache";
import { printIfAutoPrint } from "@/components/print/print-request";
import { useWithPin } from "@/components/auth/pin-gate";
import { orderDetailsKey } from "./order-details-key";

/** Performs the action; answers with the new card and the staff member it was recorded for. */
export function postOrderAction(orderId: string, action: OrderAction, body: Record<string, unknown> = {}) {
  return apiRequest(orderActionAnswerShape, `/api/orders/${encodeURIComponent(orderId)}/actions/${action}`, {
    method: "POST",
    body,
  });
}

export interface ActionVariables {
  action: OrderAction;
  body?: Record<string, unknown>;
}

/**
 * Performs one order action. The answer's card goes into the board cache (the stream will bring
 * it too; applyOrderChange ignores the repeat). `already_done` carries the current card: it
 * replaces the stale one so the board shows the truth.
 */
export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  const put = (order: BoardOrder) =>
    queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
      snapshot ? applyOrderChange(snapshot, order) : snapshot,
    );
  return useMutation({
    // A tablet with nobody's PIN in: the keypad opens in place, then the action goes through.
    mutationFn: ({ action, body }: ActionVariables) => withPin(() => postOrderAction(orderId, action, body)),
    onSuccess: ({ order }, { action }) => {
      put(order);
      if (action === "confirm") printIfAutoPrint(order.id);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.order) put(error.order);
    },
    // Not awaited: the action is done when the server answers. Returned, the details' refetch held
    // the mutation pending (its buttons disabled, "Enviando…" shown) for another round trip while
    // the new card's buttons were already there, and the line's going moved them under a thumb.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderDetailsKey(orderId) }),
  });
}
