"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState, type ReactNode } from "react";
import type { BoardSnapshot } from "@/lib/contract/board";
import { allDayCounts } from "@/lib/orders/all-day";
import { ALL_DAY_PANEL_ID, AllDayPanel } from "./lanes/all-day-panel";
import { BoardAlerts } from "./alerts/board-alerts";
import { BoardOverflowNotice } from "./lanes/board-overflow";
import { BoardToggle } from "./lanes/board-toggle";
import { BoardLanes } from "./lanes/board-lanes";
import { boardQueryOptions } from "./stream/board-query";
import { loadOnRender } from "@/components/load-on-render";
import { usePrintRequest } from "@/components/print/print-request";
import { Button } from "@/components/ui/button";
import { AfterHydration } from "@/components/after-hydration";
import { FinishedSheet, FinishedToggle } from "./lanes/finished-area";
import { ScheduledLane } from "./lanes/scheduled-lane";
import { connectionTruth, StaleBanner, StatusBar } from "./stream/status-bar";
import { StorePause } from "./controls/store-pause";
import { useBoardStream } from "./stream/use-board-stream";
import { useNow } from "./stream/use-now";
import { useLanes } from "./lanes/use-lanes";
import { useOpenOrder } from "./stream/use-open-order";
import { BumpUndoBar } from "./card/bump-undo";
import { useBoardKeys } from "./keys/use-board-keys";
import { keyLanes } from "./keys/key-lanes";
import { stationCard } from "@/lib/orders/station-progress";
import { useStationChoice } from "./stations/station-choice";
import { StationView } from "./stations/station-view";
import { ExpoView } from "./stations/expo-view";
import { NotOfferedProvider } from "./channels/not-offered";
import { useBoardChannels } from "./channels/use-board-channels";
import { useChannelFilter } from "./channels/use-channel-filter";
import { channelCounts, effectiveFilter, filterLanes, hiddenByFilter, toggleChannel } from "./channels/channel-filter";
import { ChannelFilterBar } from "./channels/channel-filter-bar";
import { ChannelsDown } from "./channels/channels-down";
import { ownChannelsKey, withOwnChips } from "./channels/own-chips";
import { NewOrderButton } from "@/components/own-order/new-order-button";

// What a tap or a print asks for loads then, not with the board: the details (actions, forms,
// timeline) and the printed ticket are most of the board's own code, and no part of its first paint.
const OrderDetailsDialog = loadOnRender(() =>
  import("@/components/order/order-details-dialog").then((module) => module.OrderDetailsDialog),
);
const TicketPrinter = loadOnRender(() =>
  import("@/components/print/ticket-printer").then((module) => module.TicketPrinter),
);

/**
 * Up to this many cards the server renders the board into the page: painted before any script
 * runs, and hydrated card by card. A bigger board renders in the browser, from the page's
 * snapshot: 300 cards' HTML (1 MB) took the server 150 ms more than the snapshot alone, and the
 * tablet longer to parse, lay out and hydrate than to render them (`npm run bench`).
 */
const SERVER_RENDERED_CARDS = 60;

/**
 * The kitchen board: a snapshot once, then live changes from the stream. `session`: who is working;
 * `snapshot`: the board as the page was served (asked for here when there is none).
 */
export function Board({ session, snapshot }: { session?: ReactNode; snapshot?: BoardSnapshot }) {
  const t = useTranslations("board");
  const tAllDay = useTranslations("lanes.allDay");
  // A board already in this tab's cache (navigating back to it) is newer than the page's snapshot.
  const query = useQuery({ ...boardQueryOptions, initialData: snapshot });
  // Lanes depend on time: scheduled orders come out when their preparation starts and finished
  // ones leave after two hours, as the shared clock ticks — no reload, no server round trip.
  const now = useNow();
  const allLanes = useLanes(query.data?.orders, now);
  const [allDayOpen, setAllDayOpen] = useState(false);
  const [finishedOpen, setFinishedOpen] = useState(false);
  const connection = useBoardStream(query.isSuccess);
  // A restaurant of several channels (issue 28): a chip on each card, and a filter by channel
  // remembered on this tablet. The filter hides cards from the lanes only: alarms, auto-accept
  // and the all-day counts still take every channel's orders.
  // From the first load (the snapshot's), then the stream's status (labels, platforms, who is down).
  const snapshotChannels = useMemo(
    () =>
      query.data?.stores?.flatMap((store) =>
        (store.channels ?? []).map((channel) => ({ ...channel, storeId: store.id, down: false })),
      ),
    [query.data?.stores],
  );
  const statusChannels = useBoardChannels(
    connection.status?.channels ?? snapshotChannels,
    connection.status?.stores ?? query.data?.stores,
  );
  // Own orders (issue 30) name their channel too: Balcão, Telefone, WhatsApp, Mesa.
  const ownKey = ownChannelsKey(query.data?.orders);
  const channels = useMemo(() => withOwnChips(statusChannels, ownKey), [statusChannels, ownKey]);
  const [storedFilter, setStoredFilter] = useChannelFilter();
  // Counter, phone, WhatsApp and table orders (issue 30), taken here onto this board. On the
  // channel filter's line when there is one: the store controls and the toggles fill 1024 px, and
  // a third line of toolbar cost a rush's tickets their items.
  const channelRow = Boolean(query.data) && channels.filterable.length > 0;
  const newOrder = <NewOrderButton stores={query.data?.stores ?? []} />;
  const channelIds = useMemo(() => channels.filterable.map((channel) => channel.id), [channels]);
  const shownChannels = useMemo(() => effectiveFilter(storedFilter, channelIds), [storedFilter, channelIds]);
  const [filterCache] = useState(() => new WeakMap());
  const lanes = useMemo(
    () => filterLanes(allLanes, shownChannels, filterCache),
    [allLanes, shownChannels, filterCache],
  );
  const counts = useMemo(() => channelCounts(allLanes), [allLanes]);
  const downChannels =
    connection.state === "live"
      ? (connection.status?.channels ?? []).filter((channel) => channel.down && channels.chips.has(channel.id))
      : [];
  // This tablet's station, expo, or the whole board (issue 27 points 7, 8).
  const station = useStationChoice(query.data?.stores);
  const streamState = connection.state;

  // Cards newer than the first snapshot arrived while the board was open: only those animate in.
  const [baselineSeq, setBaselineSeq] = useState<number | null>(null);
  if (query.data && baselineSeq === null) setBaselineSeq(query.data.lastSeq);
  const { openOrderId, open: showOrder, close: closeOrder } = useOpenOrder();
  // A bump bar or a keyboard works the whole board (issue 27, point 9).
  // On a station's or expo's view, over its tickets (keys/key-lanes.ts).
  const keyView = station.kind === "station" ? station.id : station.kind;
  // Held tickets move among a station's as they fire: the tablet's clock orders them.
  const keyLaneIds = useMemo(() => keyLanes(lanes, keyView, now), [lanes, keyView, now]);
  useBoardKeys(keyLaneIds, showOrder);
  // An order in the URL (a reload, a link) opens once the shift has started: a modal dialog would
  // otherwise sit over the Start shift screen, and the board would stay silent until it closed.
  const [shiftStarted, setShiftStarted] = useState(false);
  const printing = usePrintRequest() !== null;
  const openOrder =
    openOrderId && shiftStarted ? query.data?.orders.find((order) => order.id === openOrderId) : undefined;

  const loading = (
    <p className="col-span-full row-span-full self-center text-center text-xl text-zinc-300" role="status">
      {t("loading")}
    </p>
  );

  return (
    <NotOfferedProvider channels={connection.status?.channels}>
      <div className="relative flex min-h-dvh flex-col md:h-dvh">
        <StatusBar
          truth={connectionTruth(streamState, {
            databaseDown: connection.status?.database === "down",
            platformDown: connection.status?.stores.some((store) => store.down) ?? false,
          })}
          session={session}
        >
          <BoardAlerts orders={query.data?.orders} connection={connection} onStarted={() => setShiftStarted(true)} />
          <ChannelsDown channels={downChannels} />
        </StatusBar>
        {/* One toolbar row on a tablet: the store's controls, then the board's own toggles at the
          right (a row of their own at the bottom cost a rush's tickets 58 px of height). */}
        <div
          className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1 border-b border-zinc-800 bg-zinc-950 px-3 py-0.5"
          data-testid="board-controls"
        >
          <StorePause stores={query.data?.stores ?? connection.status?.stores} />
          {/* Laid out before the snapshot (unseen, not yet counted), so nothing below moves when it comes. */}
          <div className={`ml-auto flex gap-2 ${query.data ? "" : "invisible"}`}>
            {!channelRow && newOrder}
            <FinishedToggle
              done={lanes.done.length}
              cancelled={lanes.cancelled.length}
              open={finishedOpen}
              onToggle={() => setFinishedOpen(!finishedOpen)}
            />
            <BoardToggle
              open={allDayOpen}
              controls={ALL_DAY_PANEL_ID}
              openClass="bg-preparing text-zinc-950"
              onToggle={() => setAllDayOpen(!allDayOpen)}
            >
              <span aria-hidden="true">Σ </span>
              {/* "Σ Total" beside the store controls; the rest of its name said, and seen on wide screens. */}
              {tAllDay.rich("toggle", { more: (chunks) => <span className="max-xl:sr-only">{chunks}</span> })}
            </BoardToggle>
          </div>
          {/* Its own line (the store controls and the toggles fill 1024 px), only for a restaurant of
            several channels; the hidden count beside it. No wider than the toolbar (min-w-0): on a
            phone the channels scroll sideways within it (channel-filter-bar.tsx). */}
          {channelRow && (
            <div className="flex min-w-0 basis-full flex-wrap items-center gap-2 md:justify-end">
              {newOrder}
              <ChannelFilterBar
                channels={channels.filterable}
                counts={counts}
                shown={shownChannels}
                hidden={hiddenByFilter(allLanes, lanes)}
                onAll={() => setStoredFilter(null)}
                onToggle={(id) => setStoredFilter(toggleChannel(storedFilter, id, channelIds))}
              />
            </div>
          )}
        </div>
        {query.data && finishedOpen && (
          <FinishedSheet
            done={lanes.done}
            cancelled={lanes.cancelled}
            baselineSeq={baselineSeq ?? query.data.lastSeq}
            onOpen={showOrder}
            channels={channels.chips}
          />
        )}
        {streamState === "reconnecting" && <StaleBanner />}
        <BoardOverflowNotice overflow={query.data?.overflow} />
        {query.data && <ScheduledLane orders={lanes.scheduled} onOpen={showOrder} channels={channels.chips} />}
        <div className="flex flex-1 flex-col gap-2 md:min-h-0 md:flex-row md:pr-2">
          {/* The New lane's row: its content, at most 40 % of the screen (`--new-lane-limit`, which
            the lane's containment reads too: board-lanes.tsx) and half of what the banners above
            leave, so a crowded top still leaves the tickets half of the lanes. */}
          <main
            className="grid flex-1 grid-cols-1 gap-2 p-2 md:min-h-0 md:pt-1 md:grid-cols-[minmax(0,1fr)_13rem] md:grid-rows-[fit-content(min(var(--new-lane-limit),50%))_minmax(0,1fr)] md:pr-0 md:[--new-lane-limit:40vh]"
            data-stale={streamState === "reconnecting" || undefined}
          >
            <h1 className="sr-only">{t("heading")}</h1>
            {query.isPending ? (
              loading
            ) : query.isError ? (
              <div className="col-span-full row-span-full flex flex-col items-center justify-center gap-4" role="alert">
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
              <AfterHydration defer={query.data.orders.length > SERVER_RENDERED_CARDS} fallback={loading}>
                {station.kind === "station" ? (
                  <StationView orders={lanes.preparing} station={station} />
                ) : station.kind === "expo" ? (
                  <ExpoView orders={lanes.preparing} />
                ) : (
                  <BoardLanes
                    lanes={lanes}
                    orders={query.data.orders}
                    stores={query.data.stores}
                    baselineSeq={baselineSeq ?? query.data.lastSeq}
                    onOpen={showOrder}
                    channels={channels.chips}
                  />
                )}
              </AfterHydration>
            )}
          </main>
          {query.data && allDayOpen && (
            <AllDayPanel
              lines={allDayCounts(
                // Every channel's orders, whatever the channel filter hides: the kitchen makes them all.
                // A station counts its own lines only: its all-day.
                station.kind === "station"
                  ? allLanes.preparing.map((order) => stationCard(order, station.id))
                  : allLanes.preparing,
                now,
              )}
            />
          )}
        </div>
        <BumpUndoBar />
        {openOrder && (
          <OrderDetailsDialog
            key={openOrder.id}
            order={openOrder}
            channel={channels.all.get(openOrder.channelId)}
            onClose={() => closeOrder()}
          />
        )}
        {printing && <TicketPrinter channels={channels.chips} />}
      </div>
    </NotOfferedProvider>
  );
}
