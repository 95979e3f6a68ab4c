import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { AllergySign } from "../card/card-notes";
import { PreparingFor } from "../card/stage-timer";
import { TicketNote } from "../card/ticket-lines";
import { useOrderTypeLabel } from "../card/use-order-type-label";

/**
 * A station's or expo's ticket head: the order's number and type, how long it has been in
 * preparation, the allergy sign, the order's notes.
 */
export function StationTicketHead({ order }: { order: BoardOrder }) {
  const t = useTranslations();
  const typeLabel = useOrderTypeLabel();
  return (
    <header className="flex flex-col gap-1">
      <div className="flex items-start justify-between gap-2">
        <h2 className="flex flex-wrap items-baseline gap-x-2 text-xl font-extrabold">
          {/* The number alone, large, as on the board's cards: "Pedido" beside it split the
              number from its word on a narrow ticket with the timer. */}
          <span className="sr-only">{t("stations.order", { number: order.displayId })}</span>
          <span aria-hidden="true" className="text-2xl leading-none tabular-nums" data-order-number>
            {order.displayId}
          </span>
          <span className="text-base font-semibold text-zinc-300">{typeLabel(order.type)}</span>
          {order.place && <span className="text-base font-semibold text-zinc-300">{order.place}</span>}
        </h2>
        <PreparingFor order={order} className="text-xl" />
      </div>
      {order.allergy && <AllergySign />}
      {order.notes && <TicketNote note={order.notes} label={t("ticket.orderNote")} />}
      {order.moreNotes && <TicketNote note={order.moreNotes} label={t("kitchen.notes.more")} />}
    </header>
  );
}
