import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { BoardOrder } from "@/lib/contract/board";
import { BoardColumnView } from "./board-column";
import { FINISHED_COLUMNS } from "./board-columns";

interface Props {
  done: readonly BoardOrder[];
  cancelled: readonly BoardOrder[];
  baselineSeq: number;
  onOpen: (orderId: string) => void;
  /** Other board toggles, on the same row as this one (the bottom row is the board's toolbar). */
  tools?: ReactNode;
}

/**
 * Done and cancelled orders of the last two hours, folded away until someone needs them. Open on a
 * tablet, they cover the lower part of the board as a sheet instead of squeezing the live lanes
 * (which keep their size and come back as they were when the sheet closes).
 */
export function FinishedArea({ done, cancelled, baselineSeq, onOpen, tools }: Props) {
  const t = useTranslations("finished");
  const [open, setOpen] = useState(false);

  return (
    <div
      className={`flex flex-col border-t border-zinc-800 bg-zinc-950 px-3 pb-1 ${
        open ? "md:absolute md:inset-x-0 md:bottom-0 md:z-20 md:h-[45%] md:min-h-0 md:shadow-2xl" : ""
      }`}
    >
      <div className="my-0.5 flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="finished-columns"
          onClick={() => setOpen(!open)}
          className="min-h-12 flex-1 rounded-lg bg-zinc-900 px-4 text-left text-lg font-semibold text-zinc-200"
        >
          <span aria-hidden="true">{open ? "▾ " : "▸ "}</span>
          {t("toggle", { done: done.length, cancelled: cancelled.length })}
        </button>
        {tools}
      </div>
      {open && (
        <div id="finished-columns" className="grid flex-1 grid-cols-1 gap-3 md:min-h-0 md:grid-cols-2">
          {FINISHED_COLUMNS.map((column) => (
            <BoardColumnView
              key={column}
              column={column}
              orders={column === "done" ? done : cancelled}
              baselineSeq={baselineSeq}
              onOpen={onOpen}
            />
          ))}
        </div>
      )}
    </div>
  );
}
