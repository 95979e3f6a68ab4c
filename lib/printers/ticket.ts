import type { BoardOrder } from "@/lib/contract/board";
import type { OrderReview } from "@/lib/contract/order-review";
import type { KitchenTicket } from "@/lib/contract/printers";
import { hasAllergy } from "@/lib/orders/allergy";

/**
 * A station printer's part of the order: the station, its place among the stations that make the
 * order, and its lines (indexes into the order's items, every line, not the card's bounded ones).
 */
export interface StationPart {
  name: string;
  index: number;
  count: number;
  lines: readonly number[];
}

/**
 * The kitchen ticket of a confirmed order: every item with its quantity, options and note, from
 * the order's review (its full details, not the card's bounded lines); the card's lines when the
 * details could not be read, so a printer still gets what the board shows. With a station's part,
 * only that station's items (the order's number, type and note stay: the station needs them).
 */
export function buildTicket(
  card: BoardOrder,
  review: OrderReview | null,
  confirmedAt: Date,
  timeZone: string,
  part?: StationPart,
  /** The order's channel, when its restaurant has several: every part (each station's ticket) names it. */
  channel?: { label: string; platform: string | null },
): KitchenTicket {
  const all = review
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
  const items = part ? part.lines.flatMap((index) => (all[index] ? [all[index]] : [])) : all;
  const notes = review?.notes ?? null;
  return {
    displayId: card.displayId,
    type: card.type,
    customerName: review?.customer.name ?? card.customerName,
    place: card.place ?? (review?.indoor ? (review.indoor.table ?? review.indoor.tab ?? null) : null),
    pickupCode: review?.delivery?.pickupCode ?? card.pickupCode ?? null,
    ...(!part && card.type === "TAKEOUT" && review?.billingAddress && { billingAddress: review.billingAddress }),
    placedAt: card.placedAt,
    confirmedAt: confirmedAt.toISOString(),
    scheduledFor: card.scheduledFor,
    items,
    notes,
    ...(part && { station: { name: part.name, index: part.index, count: part.count } }),
    ...(channel && { channel: { label: channel.label, platform: channel.platform } }),
    allergy: hasAllergy(notes) || items.some((item) => hasAllergy(item.note)),
    timeZone,
  };
}
