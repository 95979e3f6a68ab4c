import type { BoardOrder } from "@/lib/contract/board";
import type { OrderReview } from "@/lib/contract/order-review";
import type { KitchenTicket } from "@/lib/contract/printers";
import { hasAllergy } from "@/lib/orders/allergy";

/**
 * The kitchen ticket of a confirmed order: every item with its quantity, options and note, from
 * the order's review (its full details, not the card's bounded lines); the card's lines when the
 * details could not be read, so a printer still gets what the board shows.
 */
export function buildTicket(
  card: BoardOrder,
  review: OrderReview | null,
  confirmedAt: Date,
  timeZone: string,
): KitchenTicket {
  const items = review
    ? review.items.map((item) => ({
        quantity: item.quantity,
        unit: item.unit,
        name: item.name,
        options: item.options.map((option) => ({ quantity: option.quantity, name: option.name })),
        note: item.instructions,
      }))
    : (card.lines ?? []).map((line) => ({
        quantity: line.quantity,
        unit: null,
        name: line.name,
        options: line.options.map((option) => ({ quantity: option.quantity * line.quantity, name: option.name })),
        note: line.note ?? null,
      }));
  const notes = review?.notes ?? null;
  return {
    displayId: card.displayId,
    type: card.type,
    customerName: review?.customer.name ?? card.customerName,
    place: card.place ?? (review?.indoor ? (review.indoor.table ?? review.indoor.tab ?? null) : null),
    placedAt: card.placedAt,
    confirmedAt: confirmedAt.toISOString(),
    scheduledFor: card.scheduledFor,
    items,
    notes,
    allergy: hasAllergy(notes) || items.some((item) => hasAllergy(item.note)),
    timeZone,
  };
}
