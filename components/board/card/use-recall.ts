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
  return useRecallOf((from: RecallRequest["from"]) => ({ orderId, from }));
}

/** The same for any order, named on each call: the board's recall key (keys/use-board-keys.ts). */
export function useRecallBump() {
  return useRecallOf((bump: { orderId: string; from: RecallRequest["from"] }) => bump);
}

function useRecallOf<Variables>(request: (variables: Variables) => { orderId: string; from: RecallRequest["from"] }) {
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  return useMutation({
    mutationFn: (variables: Variables) => {
      const { orderId, from } = request(variables);
      return withPin(() =>
        apiRequest(boardOrderShape, `/api/orders/${encodeURIComponent(orderId)}/recall`, {
          method: "POST",
          body: { from },
        }),
      );
    },
    onSuccess: (order) => {
      forgetBump(order.id);
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
