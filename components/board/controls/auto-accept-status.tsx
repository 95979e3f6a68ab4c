"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { BoardOrder, BoardStore } from "@/lib/contract/board";
import { autoAcceptStatus } from "@/lib/orders/auto-accept-rule";
import { merchantStateQuery } from "./use-merchant-controls";
import { useNow } from "../stream/use-now";

/**
 * Auto-accept on the board (issue 27), in New's title line, where it acts: off, on and how many it
 * took, outside its hours, or at its cap "limite atingido — confirme manualmente" (amber, with ⚠).
 * One line per store on a board of several.
 */
export function AutoAcceptStatusLine({
  stores,
  orders,
}: {
  stores: readonly BoardStore[];
  orders: readonly BoardOrder[] | undefined;
}) {
  return (
    <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 px-2">
      {stores.map((store) => (
        <StoreAutoAccept key={store.id} store={store} orders={orders} named={stores.length > 1} />
      ))}
    </span>
  );
}

function StoreAutoAccept({
  store,
  orders,
  named,
}: {
  store: BoardStore;
  orders: readonly BoardOrder[] | undefined;
  named: boolean;
}) {
  const t = useTranslations("kitchen.autoAccept");
  const now = useNow();
  const settings = useQuery({ ...merchantStateQuery(store.id), select: (state) => state.autoAccept });
  if (settings.data === undefined) return null;
  const status = autoAcceptStatus(
    settings.data,
    (orders ?? []).filter((order) => order.storeId === store.id),
    new Date(now),
    store.timeZone,
  );
  return (
    <span
      className={`text-sm ${
        status.state === "capReached"
          ? "rounded-md bg-late px-1.5 font-bold text-zinc-950"
          : status.state === "on"
            ? "font-semibold text-zinc-200"
            : "text-zinc-400"
      }`}
      data-testid="auto-accept-status"
      data-store={store.id}
      data-state={status.state}
    >
      {status.state === "capReached" && <span aria-hidden="true">⚠ </span>}
      {named && `${store.name}: `}
      {t(status.state, { count: status.taken })}
    </span>
  );
}
