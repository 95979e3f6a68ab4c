import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { TicketNote } from "./ticket-lines";

/** Every note of the order, labelled: each item's (by the item's name), the order's, and the notes of lines the card left out. */
export function useOrderNotes(): (order: BoardOrder) => Array<{ label: string; note: string }> {
  const t = useTranslations();
  return (order) => [
    ...(order.notes ? [{ label: t("ticket.orderNote"), note: order.notes }] : []),
    ...(order.lines ?? []).flatMap((line) => (line.note ? [{ label: line.name, note: line.note }] : [])),
    ...(order.moreNotes ? [{ label: t("kitchen.notes.more"), note: order.moreNotes }] : []),
  ];
}

/**
 * All the order's notes, whole (bounded on the server, never dropped): on a rush's New row, where
 * the items are a count, and in the allergy confirm step (issue 27, point 1).
 */
export function OrderNotes({
  order,
  className = "",
  size = "text-sm leading-snug",
}: {
  order: BoardOrder;
  className?: string;
  size?: string;
}) {
  const notes = useOrderNotes()(order);
  if (notes.length === 0) return null;
  return (
    <div className={`flex flex-col gap-0.5 ${size} ${className}`} data-order-notes>
      {notes.map(({ label, note }, index) => (
        <TicketNote key={index} note={note} label={label} />
      ))}
    </div>
  );
}

/** "⚠ ALERGIA": a word and an icon, never colour alone; on every view of an order whose notes name one. */
export function AllergySign({ className = "" }: { className?: string }) {
  const t = useTranslations("kitchen.notes");
  return (
    <span
      className={`inline-flex items-center gap-1 rounded bg-attention px-1 font-extrabold text-zinc-950 uppercase ${className}`}
      data-allergy
    >
      <span aria-hidden="true">⚠</span>
      {t("allergy")}
    </span>
  );
}
