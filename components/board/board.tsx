"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { BoardColumnView } from "./board-column";
import { VISIBLE_COLUMNS } from "./board-columns";
import { boardQueryOptions } from "./board-query";
import { ordersInColumn } from "./board-cache";
import { OrderDetailsDialog } from "@/components/order/order-details-dialog";
import { TicketPrinter } from "@/components/print/ticket-printer";
import { FinishedArea } from "./finished-area";
import { StaleBanner, StatusBar } from "./status-bar";
import { useBoardStream } from "./use-board-stream";

/** The kitchen board: a snapshot once, then live changes from the stream. `top`: the session bar. */
export function Board({ top }: { top?: ReactNode }) {
  const t = useTranslations("board");
  const query = useQuery(boardQueryOptions);
  const streamState = useBoardStream(query.isSuccess);

  // Cards newer than the first snapshot arrived while the board was open: only those animate in.
  const [baselineSeq, setBaselineSeq] = useState<number | null>(null);
  if (query.data && baselineSeq === null) setBaselineSeq(query.data.lastSeq);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const openOrder = openOrderId ? query.data?.orders.find((order) => order.id === openOrderId) : undefined;

  return (
    <div className="flex min-h-dvh flex-col md:h-dvh">
      {top}
      <StatusBar streamState={streamState} />
      {streamState === "reconnecting" && <StaleBanner />}
      <main
        className="grid flex-1 grid-cols-1 gap-2 p-2 md:min-h-0 md:grid-cols-4"
        data-stale={streamState === "reconnecting" || undefined}
      >
        <h1 className="sr-only">{t("heading")}</h1>
        {query.isPending ? (
          <p className="col-span-full self-center text-center text-xl text-zinc-300" role="status">
            {t("loading")}
          </p>
        ) : query.isError ? (
          <div className="col-span-full flex flex-col items-center justify-center gap-4" role="alert">
            <p className="text-xl">{t("loadError")}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="min-h-12 rounded-lg bg-zinc-100 px-6 text-lg font-semibold text-zinc-950"
            >
              {t("retry")}
            </button>
          </div>
        ) : (
          VISIBLE_COLUMNS.map((column) => (
            <BoardColumnView
              key={column}
              column={column}
              orders={ordersInColumn(query.data.orders, column)}
              baselineSeq={baselineSeq ?? query.data.lastSeq}
              onOpen={setOpenOrderId}
            />
          ))
        )}
      </main>
      {query.data && (
        <FinishedArea orders={query.data.orders} baselineSeq={baselineSeq ?? query.data.lastSeq} onOpen={setOpenOrderId} />
      )}
      {openOrder && <OrderDetailsDialog key={openOrder.id} order={openOrder} onClose={() => setOpenOrderId(null)} />}
      <TicketPrinter />
    </div>
  );
}
