import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardSnapshot } from "@/lib/contract/board";
import { orderActionAnswerShape } from "@/lib/contract/board-shape";
import { ApiError, apiRequest } from "@/lib/contract/client";
import { useWithPin } from "@/components/auth/pin-gate";
import { rememberBump } from "../card/bump-undo-store";
import { applyOrderChange, BOARD_QUERY_KEY } from "../stream/board-cache";

/**
 * A station bumps its part of an order (every line of it done). Offline, the bump waits (the
 * mutation is paused, and the ticket says so) and is sent on reconnecting: the server applies it
 * or refuses it with a sentence the ticket shows; never dropped silently.
 */
export function useStationBump(orderId: string, stationId: number) {
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  const put = (card: Parameters<typeof applyOrderChange>[1]) =>
    queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
      snapshot ? applyOrderChange(snapshot, card) : snapshot,
    );
  return useMutation({
    mutationFn: () =>
      withPin(() =>
        apiRequest(orderActionAnswerShape, `/api/orders/${encodeURIComponent(orderId)}/stations/${stationId}/bump`, {
          method: "POST",
          body: {},
        }),
      ),
    onSuccess: ({ order }) => {
      put(order);
      // An order that skips expo went Ready with this bump: the board's recall undoes it (the undo
      // bar, the recall key), as it does expo's bump.
      if (order.column === "ready")
        rememberBump({ orderId: order.id, displayId: order.displayId, to: order.column, at: Date.now() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.order) put(error.order);
    },
  });
}
