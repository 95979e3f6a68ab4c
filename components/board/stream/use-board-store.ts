import { useQueryClient } from "@tanstack/react-query";
import type { BoardSnapshot, BoardStore } from "@/lib/contract/board";
import { BOARD_QUERY_KEY } from "./board-cache";

/** An order's store as the board's snapshot describes it (read from the cache, never fetched). */
export function useBoardStore(storeId: string): BoardStore | undefined {
  const snapshot = useQueryClient().getQueryData<BoardSnapshot>(BOARD_QUERY_KEY);
  return snapshot?.stores?.find((store) => store.id === storeId);
}
