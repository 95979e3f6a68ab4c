"use client";

import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { allStationsDone } from "@/lib/orders/station-progress";
import { BumpAction } from "../card/bump-action";
import { StationProgressLine } from "./station-progress-line";
import { StationTicketHead } from "./station-ticket-head";
import { expoTickets } from "./station-tickets";
import { TicketWall } from "./ticket-wall";

/**
 * Expo (issue 27 point 8): each order in preparation with every station's progress. When every
 * station has bumped, it is ready to pack, and expo's bump makes it Ready through the normal
 * action (the platform gets one readyForPickup; the undo bar offers the recall).
 */
export function ExpoView({ orders }: { orders: readonly BoardOrder[] }) {
  const t = useTranslations("stations");
  const routed = expoTickets(orders);
  const ready = routed.filter((order) => allStationsDone(order.stationProgress)).length;
  return (
    <TicketWall
      title={t("expoTitle")}
      count={t("expoViewCount", { count: routed.length, ready })}
      empty={t("expoEmpty")}
      orders={routed}
      ticket={(order) => <ExpoTicket order={order} />}
    />
  );
}

function ExpoTicket({ order }: { order: BoardOrder }) {
  const t = useTranslations("stations");
  const stations = order.stationProgress ?? [];
  const finished = stations.filter((station) => station.done >= station.lines);
  const ready = allStationsDone(order.stationProgress);
  const waiting = stations.filter((station) => station.done < station.lines).map((station) => station.name);
  return (
    <article
      aria-label={t("order", { number: order.displayId })}
      // The board keys' selection focuses the ticket; the bump key presses its Pronto.
      tabIndex={-1}
      data-key-focus
      className={`flex flex-col gap-2 rounded-xl border-2 p-3 ${ready ? "border-ready bg-zinc-900" : "border-zinc-600 bg-zinc-900"}`}
    >
      <StationTicketHead order={order} />
      <p className="text-lg font-bold tabular-nums" data-expo-count>
        {t("expoCount", { done: String(finished.length), total: String(stations.length) })}
      </p>
      <StationProgressLine order={order} />
      <p role="status" className={`text-lg font-semibold ${ready ? "text-ready" : "text-zinc-300"}`}>
        {ready ? t("readyToPack") : t("waiting", { names: waiting.join(", ") })}
      </p>
      <BumpAction order={order} />
    </article>
  );
}
