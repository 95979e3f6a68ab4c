import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardSnapshot } from "@/lib/contract/board";
import { boardOrderShape } from "@/lib/contract/board-shape";
import { apiRequest } from "@/lib/contract/client";
import { applyOrderChange, BOARD_QUERY_KEY } from "../stream/board-cache";

/** Marks a ticket's line done or not; the answer's card goes into the board cache at once. */
export function useItemMark(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, done }: { line: number; done: boolean }) =>
      apiRequest(boardOrderShape, `/api/orders/${encodeURIComponent(orderId)}/lines/${line}`, {
        method: "PUT",
        body: { done },
      }),
    onSuccess: (card) =>
      queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
        snapshot ? applyOrderChange(snapshot, card) : snapshot,
      ),
  });
}
