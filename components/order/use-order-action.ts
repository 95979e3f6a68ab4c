import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardOrder, BoardSnapshot, OrderAction } from "@/lib/orders/types";
import { ApiError, postOrderAction } from "@/components/board/board-api";
import { applyOrderChange, BOARD_QUERY_KEY } from "@/components/board/board-cache";
import { printIfAutoPrint } from "@/components/print/print-request";
import { orderDetailsKey } from "./order-details-query";

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
  const put = (order: BoardOrder) =>
    queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
      snapshot ? applyOrderChange(snapshot, order) : snapshot,
    );
  return useMutation({
    mutationFn: ({ action, body }: ActionVariables) => postOrderAction(orderId, action, body),
    onSuccess: ({ order }, { action }) => {
      put(order);
      if (action === "confirm") printIfAutoPrint(order.id);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.order) put(error.order);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDetailsKey(orderId) }),
  });
}
