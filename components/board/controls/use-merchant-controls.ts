"use client";

import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiRequest } from "@/lib/contract/client";
import { merchantActionAnswerShape, merchantStateShape } from "@/lib/contract/board-shape";
import type { MerchantAction } from "@/lib/contract/merchant";
import type { SoldOutKind } from "@/lib/contract/board-values";
import type { MerchantState } from "@/lib/contract/merchant-state";

/** How often the board re-reads a store's merchant state (pause end, platform confirmation). */
const REFRESH_MS = 10_000;

const key = (storeId: string) => ["merchant", storeId] as const;

/** One store's merchant state, shared by every reader (board header, tickets, the alarm's auto-accept rule). */
export const merchantStateQuery = (storeId: string) => ({
  queryKey: key(storeId),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    // The board's first read starts in hydration's last task, with its observers: the request
    // waits for a task of its own (starting one costs the browser milliseconds of main thread).
    await new Promise((resolve) => setTimeout(resolve, 0));
    return apiRequest(merchantStateShape, `/api/merchant/${encodeURIComponent(storeId)}`, { signal });
  },
  // Fresh for a refresh period: a reader that mounts later (a card, the details) does not read again.
  staleTime: REFRESH_MS,
  refetchInterval: REFRESH_MS,
});

/**
 * After a merchant action, its answer becomes the store's state at once. The answer has the
 * store's state, not the back office's extras (the platform's last read, the audit, which cost a
 * call to the platform): those shown stay until the read started here brings them fresh — never a
 * blank "Platform's last read" until the next 10 s refresh.
 */
export function afterMerchantAction(client: QueryClient, state: MerchantState): Promise<void> {
  client.setQueryData<MerchantState>(key(state.storeId), (previous) => ({
    ...state,
    platformRead: state.platformRead ?? previous?.platformRead,
    controlChanges: state.controlChanges ?? previous?.controlChanges,
  }));
  return client.invalidateQueries({ queryKey: key(state.storeId) });
}

/**
 * A store's merchant controls on the board: its state and one `act` for pause, resume, busy mode,
 * sold out and restock. Also the hook the ticket's "out of stock" and the cancel dialog use:
 * `act({ action: "soldOut", refs, until: "endOfDay" })`.
 */
export function useMerchantControls(storeId: string | undefined) {
  const client = useQueryClient();
  // No store yet (the board's snapshot has not named them): nothing to read.
  const query = useQuery({ ...merchantStateQuery(storeId ?? ""), enabled: storeId !== undefined });
  const mutation = useMutation({
    mutationFn: (action: MerchantAction) =>
      apiRequest(merchantActionAnswerShape, `/api/merchant/${encodeURIComponent(storeId ?? "")}`, {
        method: "POST",
        body: action,
      }),
    // Not awaited: the action is done when it answers; the fresh read follows on its own.
    onSuccess: (answer) => void afterMerchantAction(client, answer.state),
  });
  return { state: query.data, act: mutation.mutateAsync, pending: mutation.isPending, error: mutation.error };
}

/**
 * Busy mode's extra minutes for a store (0 when off or not known yet): every confirm from the
 * board promises the usual preparation time plus these.
 */
export function useBusyMinutes(storeId: string): number {
  const query = useQuery({ ...merchantStateQuery(storeId), select: (state: MerchantState) => state.busyMinutes });
  return query.data ?? 0;
}

/**
 * Busy mode's extra minutes of each of the board's stores (0 when off or not known yet), read once
 * for the whole board: each card's confirm promises its store's usual time plus these. One
 * observer per store, not one per card (300 cards were 300 observers, each with a 10 s timer).
 */
export function useBusyMinutesByStore(storeIds: readonly string[]): ReadonlyMap<string, number> {
  const busy = useQueries({
    queries: storeIds.map((id) => ({
      ...merchantStateQuery(id),
      select: (state: MerchantState) => state.busyMinutes,
    })),
    // As text: the same value while nothing changed, so the memoised columns skip each refresh.
    combine: (results) => JSON.stringify(results.map((result) => result.data ?? 0)),
  });
  return useMemo(() => {
    const minutes = JSON.parse(busy) as number[];
    return new Map(storeIds.map((id, index) => [id, minutes[index] ?? 0]));
  }, [busy, storeIds]);
}

/** A name as menus and tickets are compared: case, accents and a half pizza's "1/2 " ignored. */
export function menuName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/^\d+\/\d+\s+/, "");
}

/** A pizza line names its size with what the platform adds: "Pizza Grande (8 fatias)" is the size "Pizza Grande". */
const sizeName = (text: string) => menuName(text.replace(/\s*\([^()]*\)\s*$/, ""));

/** The entry that is a line itself (an item, a pizza's size) rather than one of its options or flavours. */
export const isLineEntry = (ref: { kind: SoldOutKind }) => ref.kind === "item" || ref.kind === "size";

/**
 * The menu entries a ticket's lines name (by name, case and accents ignored, and a half pizza's
 * "1/2 " left out: "1/2 Calabresa" is the Calabresa flavour): how a ticket's "out of stock" and
 * the cancel dialog's outOfStockItems become sold-out marks. Lines that match nothing on the
 * imported menu are left out (the caller can say so).
 */
export function menuRefsForLines(
  state: MerchantState | undefined,
  names: readonly string[],
): { kind: SoldOutKind; refId: number; name: string }[] {
  const wanted = new Set(names.map(menuName));
  const sizes = new Set(names.map(sizeName));
  return (state?.menu ?? [])
    .filter((entry) => wanted.has(menuName(entry.name)) || (entry.kind === "size" && sizes.has(menuName(entry.name))))
    .map(({ kind, refId, name }) => ({ kind, refId, name }));
}
