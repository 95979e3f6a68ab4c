import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardSnapshot } from "@/lib/contract/board";
import { stationBumpAnswerShape } from "@/lib/contract/board-shape";
import { ApiError, apiRequest } from "@/lib/contract/client";
import { useWithPin } from "@/components/auth/pin-gate";
import { rememberBump } from "../card/bump-undo-store";
import { applyOrderChange, BOARD_QUERY_KEY } from "../stream/board-cache";

/**
 * A station bumps its part of an order (every line of it done). Offline, the bump waits (the
 * mutation is paused, and the ticket says so) and is sent on reconnecting: the server applies it
 * or refuses it with a sentence the ticket shows; never dropped silently.
 */
export function useStationBump(orderId: string, station: { id: number; name: string }) {
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  const put = (card: Parameters<typeof applyOrderChange>[1]) =>
    queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
      snapshot ? applyOrderChange(snapshot, card) : snapshot,
    );
  return useMutation({
    mutationFn: () =>
      withPin(() =>
        apiRequest(stationBumpAnswerShape, `/api/orders/${encodeURIComponent(orderId)}/stations/${station.id}/bump`, {
          method: "POST",
          body: {},
        }),
      ),
    onSuccess: ({ order, bumpedAt }) => {
      put(order);
      // An order that skips expo went Ready with this bump: the board's recall undoes it (the undo
      // bar, the recall key), as it does expo's bump. Else the undo bar takes back the station's
      // bump itself: the marks it made.
      const bump = { orderId: order.id, displayId: order.displayId, to: order.column, at: Date.now() };
      rememberBump(
        order.column === "ready" ? bump : { ...bump, station: { id: station.id, name: station.name, bumpedAt } },
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.order) put(error.order);
    },
  });
}
