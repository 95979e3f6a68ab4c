import type { BoardOrder } from "@/lib/contract/board";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { TicketLines } from "./ticket-lines";
import { useItemMark } from "./use-item-mark";

/**
 * A ticket whose lines a cook taps as done (item marks): struck through on every tablet of the
 * store through the card, kept across reloads, never sent to the platform.
 */
export function MarkedTicket({ order, indexes }: { order: BoardOrder; indexes?: readonly number[] }) {
  const mark = useItemMark(order.id);
  const errorText = useErrorText();
  return (
    <>
      <TicketLines
        lines={order.lines ?? []}
        indexes={indexes}
        done={order.doneLines}
        onToggle={(line, done) => mark.mutate({ line, done })}
      />
      {mark.isError && (
        <div className="relative">
          <Notice tone="error">{errorText(mark.error)}</Notice>
        </div>
      )}
    </>
  );
}
