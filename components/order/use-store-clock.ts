import { useLocale } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { BOARD_QUERY_KEY } from "@/components/board/stream/board-cache";
import type { BoardSnapshot } from "@/lib/contract/board";
import { formatClock } from "./details-format";

/**
 * Formats an order's clock times in its store's time zone (from the board's snapshot, read from
 * the cache, never fetched): a kitchen in Manaus reads Manaus time, whatever the tablet's zone.
 * One function for a whole list, since a lane's cards may belong to stores in different zones.
 */
export function useStoreClock(): (iso: string | null | undefined, storeId: string) => string | null {
  const locale = useLocale();
  const snapshot = useQueryClient().getQueryData<BoardSnapshot>(BOARD_QUERY_KEY);
  return (iso, storeId) => formatClock(locale, iso, snapshot?.stores?.find((store) => store.id === storeId)?.timeZone);
}
