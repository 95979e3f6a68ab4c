import { queryOptions } from "@tanstack/react-query";
import { boardSnapshotShape } from "@/lib/contract/board-shape";
import { apiRequest } from "@/lib/contract/client";
import { BOARD_QUERY_KEY } from "./board-cache";

/**
 * The snapshot is fetched once; after that the stream keeps it current. Every automatic refetch
 * is off on purpose: the board never polls, and a refetch racing the stream could roll a card
 * back to an older state.
 */
export const boardQueryOptions = queryOptions({
  queryKey: BOARD_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest(boardSnapshotShape, "/api/orders", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  refetchInterval: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
});
