import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardSnapshot } from "@/lib/contract/board";
import { boardOrderShape } from "@/lib/contract/board-shape";
import { ApiError, apiRequest } from "@/lib/contract/client";
import type { RecallRequest } from "@/lib/contract/recall";
import { useWithPin } from "@/components/auth/pin-gate";
import { applyOrderChange, BOARD_QUERY_KEY } from "../stream/board-cache";
import { forgetBump } from "./bump-undo-store";

/**
 * Recalls a bump (issue 27): the card steps back one column on every tablet of the store; the
 * platform keeps its status (docs/kitchen.md). The answer's card goes into the board's cache.
 */
export function useRecall(orderId: string) {
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  return useMutation({
    mutationFn: (from: RecallRequest["from"]) =>
      withPin(() =>
        apiRequest(boardOrderShape, `/api/orders/${encodeURIComponent(orderId)}/recall`, {
          method: "POST",
          body: { from },
        }),
      ),
    onSuccess: (order) => {
      forgetBump(orderId);
      queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
        snapshot ? applyOrderChange(snapshot, order) : snapshot,
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.order)
        queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
          snapshot && error.order ? applyOrderChange(snapshot, error.order) : snapshot,
        );
    },
  });
}
