"use client";

import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { stationIndexes } from "@/lib/orders/station-progress";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { MarkedTicket } from "../card/marked-ticket";
import { useNow } from "../stream/use-now";
import { heldState } from "./held-lines";
import { HeldLines, HeldTicketSign } from "./held-lines-view";
import { StationProgressLine } from "./station-progress-line";
import { StationTicketHead } from "./station-ticket-head";
import { stationTickets } from "./station-tickets";
import { TicketWall } from "./ticket-wall";
import { useStationBump } from "./use-station-bump";

const BUMP = buttonClass("primary", "custom", "min-h-12 w-full rounded-lg px-2 text-lg font-bold");

/**
 * One station's tablet (issue 27 point 7): of each order in preparation, only this station's
 * lines, with the order's number, type and notes and the other stations' progress in one line.
 * A cook taps a line done, or bumps the station's whole part; the tickets still to make come
 * first (those with only held lines — hold and fire — last among them). A bump bar works it too
 * (keys/use-board-keys.ts).
 */
export function StationView({
  orders,
  station,
}: {
  orders: readonly BoardOrder[];
  station: { id: number; name: string };
}) {
  const t = useTranslations("stations");
  const { toMake, bumped } = stationTickets(orders, station.id, useNow());
  return (
    <TicketWall
      title={t("viewTitle", { name: station.name })}
      count={t("viewCount", { toMake: String(toMake.length), bumped: bumped.length })}
      empty={t("empty", { name: station.name })}
      orders={[...toMake, ...bumped]}
      ticket={(order) => <StationTicket order={order} station={station} />}
    />
  );
}

function StationTicket({ order, station }: { order: BoardOrder; station: { id: number; name: string } }) {
  const t = useTranslations("stations");
  const errorText = useErrorText();
  const bump = useStationBump(order.id, station);
  const part = order.stationProgress?.find((progress) => progress.id === station.id);
  const indexes = stationIndexes(order, station.id);
  // Lines past the card's limit still count for the station: said, never hidden.
  const leftOut = (part?.lines ?? 0) - indexes.length;
  const done = !!part && part.done >= part.lines;
  // Held lines (not yet at their fire time, on this tablet's clock) are not the bump's.
  const { held, allHeld, firstIn } = heldState(order, indexes, useNow());
  return (
    <article
      aria-label={t("order", { number: order.displayId })}
      // The board keys' selection focuses the ticket itself (keys/use-board-keys.ts).
      tabIndex={-1}
      data-key-focus
      className={`flex flex-col gap-2 rounded-xl border-2 p-3 ${done ? "border-ready bg-zinc-900/60" : allHeld ? "border-dashed border-zinc-500 bg-zinc-900/60" : "border-zinc-600 bg-zinc-900"}`}
    >
      {allHeld && firstIn !== null && <HeldTicketSign minutes={firstIn} />}
      <StationTicketHead order={order} />
      <StationProgressLine order={order} except={station.id} />
      {indexes.length > held.size && (
        <MarkedTicket order={order} indexes={indexes.filter((index) => !held.has(index))} />
      )}
      <HeldLines order={order} held={held} />
      {leftOut > 0 && <p className="text-base font-semibold">{t("leftOut", { count: String(leftOut) })}</p>}
      {done ? (
        <p role="status" className="text-lg font-bold text-ready">
          {t("bumped", { name: station.name })} ✓
        </p>
      ) : allHeld ? null : (
        <button
          type="button"
          className={BUMP}
          disabled={bump.isPending && !bump.isPaused}
          aria-busy={bump.isPending}
          onClick={() => bump.mutate()}
          // The bump key presses it (keys/use-board-keys.ts).
          data-key-action
        >
          {bump.isPending && !bump.isPaused ? t("sending") : t("bump", { name: station.name })}
        </button>
      )}
      {bump.isPaused && (
        <p role="status" className="text-base font-semibold text-attention">
          {t("offline")}
        </p>
      )}
      {bump.isError && <Notice tone="error">{errorText(bump.error, { preferServerMessage: true })}</Notice>}
    </article>
  );
}
