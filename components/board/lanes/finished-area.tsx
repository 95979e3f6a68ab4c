import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { BoardColumnView } from "./board-column";
import { BoardToggle } from "./board-toggle";
import { FINISHED_COLUMNS } from "./board-columns";
import type { ChipChannel } from "../channels/channel-chip";

const FINISHED_ID = "finished-columns";

/** The toolbar's toggle of the finished sheet: how many were done and cancelled, in few words. */
export function FinishedToggle({
  done,
  cancelled,
  open,
  onToggle,
}: {
  done: number;
  cancelled: number;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useTranslations("finished");
  return (
    <BoardToggle open={open} controls={FINISHED_ID} openClass="bg-zinc-200 text-zinc-950" onToggle={onToggle}>
      <span aria-hidden="true">{open ? "▾ " : "▸ "}</span>
      {t.rich("toggle", {
        done: String(done),
        cancelled: String(cancelled),
        // Said to screen readers, seen as the ✕ mark: the button stays short beside the store controls.
        word: (chunks) => <span className="sr-only">{chunks}</span>,
        mark: (chunks) => <span aria-hidden="true">{chunks}</span>,
      })}
    </BoardToggle>
  );
}

/**
 * Done and cancelled orders of the last two hours, folded away until someone needs them. Open on a
 * tablet, they cover the lower part of the board as a sheet instead of squeezing the live lanes
 * (which keep their size and come back as they were when the sheet closes); on a phone they sit
 * right under the toolbar that opened them.
 */
export function FinishedSheet({
  done,
  cancelled,
  baselineSeq,
  onOpen,
  channels,
}: {
  done: readonly BoardOrder[];
  cancelled: readonly BoardOrder[];
  baselineSeq: number;
  onOpen: (orderId: string) => void;
  channels?: ReadonlyMap<string, ChipChannel>;
}) {
  return (
    <div
      id={FINISHED_ID}
      className="grid grid-cols-1 gap-3 border-b border-zinc-800 bg-zinc-950 p-2 md:absolute md:inset-x-0 md:bottom-0 md:z-20 md:h-[45%] md:min-h-0 md:grid-cols-2 md:border-t md:shadow-2xl"
    >
      {FINISHED_COLUMNS.map((column) => (
        <BoardColumnView
          key={column}
          column={column}
          orders={column === "done" ? done : cancelled}
          baselineSeq={baselineSeq}
          onOpen={onOpen}
          channels={channels}
        />
      ))}
    </div>
  );
}
