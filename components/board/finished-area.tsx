import { useTranslations } from "next-intl";
import { useState } from "react";
import type { BoardOrder } from "@/lib/orders/types";
import { ordersInColumn } from "./board-cache";
import { BoardColumnView } from "./board-column";
import { FINISHED_COLUMNS } from "./board-columns";

interface Props {
  orders: BoardOrder[];
  baselineSeq: number;
  onOpen: (orderId: string) => void;
}

/** Done and cancelled orders of the last two hours, folded away until someone needs them. */
export function FinishedArea({ orders, baselineSeq, onOpen }: Props) {
  const t = useTranslations("finished");
  const [open, setOpen] = useState(false);
  const done = ordersInColumn(orders, "done");
  const cancelled = ordersInColumn(orders, "cancelled");

  return (
    <div className={`flex flex-col border-t border-zinc-800 px-3 pb-2 ${open ? "md:h-[45%] md:min-h-0" : ""}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="finished-columns"
        onClick={() => setOpen(!open)}
        className="my-1 min-h-12 rounded-lg bg-zinc-900 px-4 text-left text-lg font-semibold text-zinc-200"
      >
        <span aria-hidden="true">{open ? "▾ " : "▸ "}</span>
        {t("toggle", { done: done.length, cancelled: cancelled.length })}
      </button>
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
