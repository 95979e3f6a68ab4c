import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BoardSnapshot } from "@/lib/contract/board";
import { boardOrderShape } from "@/lib/contract/board-shape";
import { ApiError, apiRequest } from "@/lib/contract/client";
import type { RecallRequest } from "@/lib/contract/recall";
import { useWithPin } from "@/components/auth/pin-gate";
import { applyOrderChange, BOARD_QUERY_KEY } from "../stream/board-cache";
import { forgetBump, type Bump } from "./bump-undo-store";

/** What a recall takes back: an order's step (from its column), or a station's bump of its part. */
type RecallTarget = { orderId: string; from: RecallRequest["from"] } | Pick<Bump, "orderId" | "station">;

/** The recall of a bump this tablet made (the undo bar, the recall key). */
export function recallTarget(bump: Bump): RecallTarget {
  return bump.station
    ? { orderId: bump.orderId, station: bump.station }
    : { orderId: bump.orderId, from: bump.to as RecallRequest["from"] };
}

function recallRequest(target: RecallTarget): { path: string; body: unknown } {
  const order = `/api/orders/${encodeURIComponent(target.orderId)}`;
  if ("from" in target) return { path: `${order}/recall`, body: { from: target.from } };
  const station = target.station!;
  return { path: `${order}/stations/${station.id}/recall`, body: { bumpedAt: station.bumpedAt } };
}

/**
 * Recalls a bump (issue 27): the card steps back one column on every tablet of the store; the
 * platform keeps its status (docs/kitchen.md). The answer's card goes into the board's cache.
 */
export function useRecall(orderId: string) {
  return useRecallOf((from: RecallRequest["from"]) => ({ orderId, from }));
}

/**
 * The same for any bump, named on each call (recallTarget): the undo bar and the board's recall key
 * (keys/use-board-keys.ts). A station's bump is taken back by the marks it made
 * (POST …/stations/{station}/recall), on every tablet through the stream.
 */
export function useRecallBump() {
  return useRecallOf((target: RecallTarget) => target);
}

function useRecallOf<Variables>(request: (variables: Variables) => RecallTarget) {
  const queryClient = useQueryClient();
  const withPin = useWithPin();
  return useMutation({
    mutationFn: (variables: Variables) => {
      const { path, body } = recallRequest(request(variables));
      return withPin(() => apiRequest(boardOrderShape, path, { method: "POST", body }));
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
