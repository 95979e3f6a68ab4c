"use client";

import { useTranslations } from "next-intl";
import type { RecallRequest } from "@/lib/contract/recall";
import { useErrorText } from "@/components/use-error-text";
import { useSecondClock } from "../stream/use-second-clock";
import { forgetBump, UNDO_MS, useBumps, type Bump } from "./bump-undo-store";
import { recallTarget, useRecall, useRecallBump } from "./use-recall";

/**
 * The board's undo bar (issue 27): for 10 s after a bump on this tablet, "123 → Pronto · Desfazer"
 * at the bottom left, one per recent bump (at most 3), a station's own "123 · Forno finalizado" too.
 * Desfazer recalls the card, or takes back the station's bump (docs/kitchen.md).
 */
export function BumpUndoBar() {
  const bumps = useBumps();
  if (bumps.length === 0) return null;
  return <UndoList bumps={bumps} />;
}

function UndoList({ bumps }: { bumps: readonly Bump[] }) {
  const t = useTranslations("kitchen.undo");
  const now = useSecondClock();
  const live = bumps.filter((bump) => now - bump.at < UNDO_MS);
  if (live.length === 0) return null;
  return (
    <section
      aria-label={t("label")}
      aria-live="polite"
      className="fixed bottom-2 left-2 z-30 flex flex-col gap-1.5 md:right-2 md:left-auto md:items-end"
    >
      {live.map((bump) => (
        <UndoItem
          key={`${bump.orderId}:${bump.at}`}
          bump={bump}
          secondsLeft={Math.ceil((UNDO_MS - (now - bump.at)) / 1000)}
        />
      ))}
    </section>
  );
}

function UndoItem({ bump, secondsLeft }: { bump: Bump; secondsLeft: number }) {
  const t = useTranslations("kitchen.undo");
  const tColumn = useTranslations("columns");
  const errorText = useErrorText();
  const recall = useRecallBump();
  return (
    <div className="flex max-w-[calc(100vw-1rem)] flex-wrap items-center gap-2 rounded-lg border-2 border-zinc-500 bg-zinc-900 py-1 pr-1 pl-3 text-lg text-zinc-50 shadow-2xl">
      <span className="font-semibold">
        {bump.station
          ? t("stationBumped", { displayId: bump.displayId, station: bump.station.name })
          : t("bumped", { displayId: bump.displayId, column: tColumn(`${bump.to as RecallRequest["from"]}.title`) })}
      </span>
      <button
        type="button"
        onClick={() => recall.mutate(recallTarget(bump))}
        disabled={recall.isPending}
        aria-busy={recall.isPending}
        aria-label={t("undoLabel", { displayId: bump.displayId })}
        className="min-h-12 rounded-lg border-2 border-zinc-100 px-4 text-lg font-bold active:bg-white/10"
      >
        <span aria-hidden="true">↶ </span>
        {t("undo")}
        <span className="ml-1 text-base font-normal text-zinc-300 tabular-nums" aria-hidden="true">
          {secondsLeft} s
        </span>
      </button>
      <button
        type="button"
        onClick={() => forgetBump(bump.orderId, bump.at)}
        aria-label={t("dismiss")}
        className="min-h-12 min-w-12 rounded-lg text-xl text-zinc-300 active:bg-white/10"
      >
        ✕
      </button>
      {recall.isError && (
        <p role="alert" className="basis-full pb-1 text-base font-semibold text-red-300">
          {errorText(recall.error)}
        </p>
      )}
    </div>
  );
}

/**
 * "Reabrir" on a finished card, and "Voltar" on any recalled-to card's sign: a recall from the
 * column the card is in now (docs/kitchen.md). Not a primary action: an outline button.
 */
export function RecallButton({
  orderId,
  from,
  displayId,
}: {
  orderId: string;
  from: RecallRequest["from"];
  displayId: string;
}) {
  const t = useTranslations("kitchen.undo");
  const errorText = useErrorText();
  const recall = useRecall(orderId);
  return (
    <div className="relative flex flex-col gap-1">
      <button
        type="button"
        onClick={() => recall.mutate(from)}
        disabled={recall.isPending}
        aria-busy={recall.isPending}
        aria-label={t("reopenLabel", { displayId })}
        className="min-h-12 rounded-lg border-2 border-zinc-300 px-3 text-lg font-bold text-zinc-100 active:bg-white/10"
      >
        <span aria-hidden="true">↶ </span>
        {t("reopen")}
      </button>
      {recall.isError && (
        <p role="alert" className="text-sm font-semibold text-red-300">
          {errorText(recall.error)}
        </p>
      )}
    </div>
  );
}
