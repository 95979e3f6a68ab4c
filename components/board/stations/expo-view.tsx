"use client";

import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { allStationsDone } from "@/lib/orders/station-progress";
import { BumpAction } from "../card/bump-action";
import { SELECTED_RING } from "../keys/use-board-keys";
import { StationProgressLine } from "./station-progress-line";
import { StationTicketHead } from "./station-ticket-head";
import { expoTickets } from "./station-tickets";

/**
 * Expo (issue 27 point 8): each order in preparation with every station's progress. When every
 * station has bumped, it is ready to pack, and expo's bump makes it Ready through the normal
 * action (the platform gets one readyForPickup; the undo bar offers the recall).
 */
export function ExpoView({ orders }: { orders: readonly BoardOrder[] }) {
  const t = useTranslations("stations");
  const routed = expoTickets(orders);
  return (
    <section aria-label={t("expoTitle")} className="col-span-full flex min-h-0 flex-col gap-2">
      <h2 className="text-2xl font-extrabold">{t("expoTitle")}</h2>
      {routed.length === 0 && <p className="text-lg text-zinc-300">{t("expoEmpty")}</p>}
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] content-start gap-2 md:min-h-0 md:overflow-y-auto">
        {routed.map((order) => (
          <li key={order.id} data-order-id={order.id} className={SELECTED_RING}>
            <ExpoTicket order={order} />
          </li>
        ))}
      </ul>
    </section>
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
