"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { allDayCounts } from "@/lib/orders/all-day";
import { ALL_DAY_PANEL_ID, AllDayPanel } from "./all-day-panel";
import { BoardAlerts } from "./board-alerts";
import { BoardOverflowNotice } from "./board-overflow";
import { BoardLanes } from "./board-lanes";
import { boardQueryOptions } from "./board-query";
import { loadOnRender } from "@/components/load-on-render";
import { usePrintRequest } from "@/components/print/print-request";
import { Button } from "@/components/ui/button";
import { FinishedArea } from "./finished-area";
import { ScheduledLane } from "./scheduled-lane";
import { connectionTruth, StaleBanner, StatusBar } from "./status-bar";
import { StorePause } from "./store-pause";
import { useBoardStream } from "./use-board-stream";
import { useNow } from "./use-now";
import { useLanes } from "./use-lanes";
import { useOpenOrder } from "./use-open-order";

// What a tap or a print asks for loads then, not with the board: the details (actions, forms,
// timeline) and the printed ticket are most of the board's own code, and no part of its first paint.
const OrderDetailsDialog = loadOnRender(() =>
  import("@/components/order/order-details-dialog").then((module) => module.OrderDetailsDialog),
);
const TicketPrinter = loadOnRender(() =>
  import("@/components/print/ticket-printer").then((module) => module.TicketPrinter),
);

/** The kitchen board: a snapshot once, then live changes from the stream. `session`: who is working. */
export function Board({ session }: { session?: ReactNode }) {
  const t = useTranslations("board");
  const tAllDay = useTranslations("lanes.allDay");
  const query = useQuery(boardQueryOptions);
  // Lanes depend on time: scheduled orders come out when their preparation starts and finished
  // ones leave after two hours, as the shared clock ticks — no reload, no server round trip.
  const now = useNow();
  const lanes = useLanes(query.data?.orders, now);
  const [allDayOpen, setAllDayOpen] = useState(false);
  const connection = useBoardStream(query.isSuccess);
  const streamState = connection.state;

  // Cards newer than the first snapshot arrived while the board was open: only those animate in.
  const [baselineSeq, setBaselineSeq] = useState<number | null>(null);
  if (query.data && baselineSeq === null) setBaselineSeq(query.data.lastSeq);
  const { openOrderId, open: showOrder, close: closeOrder } = useOpenOrder();
  // An order in the URL (a reload, a link) opens once the shift has started: a modal dialog would
  // otherwise sit over the Start shift screen, and the board would stay silent until it closed.
  const [shiftStarted, setShiftStarted] = useState(false);
  const printing = usePrintRequest() !== null;
  const openOrder =
    openOrderId && shiftStarted ? query.data?.orders.find((order) => order.id === openOrderId) : undefined;

  return (
    <div className="relative flex min-h-dvh flex-col md:h-dvh">
      <StatusBar
        truth={connectionTruth(streamState, connection.status?.stores.some((store) => store.down) ?? false)}
        session={session}
      >
        <BoardAlerts orders={query.data?.orders} connection={connection} onStarted={() => setShiftStarted(true)} />
      </StatusBar>
      <StorePause stores={connection.status?.stores ?? []} />
      {streamState === "reconnecting" && <StaleBanner />}
      <BoardOverflowNotice overflow={query.data?.overflow} />
      {query.data && <ScheduledLane orders={lanes.scheduled} onOpen={showOrder} />}
      <div className="flex flex-1 flex-col gap-2 md:min-h-0 md:flex-row md:pr-2">
        <main
          className="grid flex-1 grid-cols-1 gap-2 p-2 md:min-h-0 md:grid-cols-[minmax(0,1fr)_13rem] md:grid-rows-[auto_minmax(0,1fr)] md:pr-0"
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
              <Button
                variant="light"
                size="custom"
                onClick={() => void query.refetch()}
                className="min-h-12 rounded-lg px-6 text-lg"
              >
                {t("retry")}
              </Button>
            </div>
          ) : (
            <BoardLanes
              lanes={lanes}
              stores={query.data.stores}
              baselineSeq={baselineSeq ?? query.data.lastSeq}
              onOpen={showOrder}
            />
          )}
        </main>
        {query.data && allDayOpen && <AllDayPanel lines={allDayCounts(lanes.preparing, now)} />}
      </div>
      {query.data && (
        <FinishedArea
          done={lanes.done}
          cancelled={lanes.cancelled}
          baselineSeq={baselineSeq ?? query.data.lastSeq}
          onOpen={showOrder}
          tools={
            <button
              type="button"
              aria-expanded={allDayOpen}
              aria-controls={ALL_DAY_PANEL_ID}
              onClick={() => setAllDayOpen(!allDayOpen)}
              className={`min-h-12 rounded-lg px-4 text-lg font-semibold ${allDayOpen ? "bg-preparing text-zinc-950" : "bg-zinc-900 text-zinc-200"}`}
            >
              <span aria-hidden="true">Σ </span>
              {tAllDay("toggle")}
            </button>
          }
        />
      )}
      {openOrder && <OrderDetailsDialog key={openOrder.id} order={openOrder} onClose={() => closeOrder()} />}
      {printing && <TicketPrinter />}
    </div>
  );
}
