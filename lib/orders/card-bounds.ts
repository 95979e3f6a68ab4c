import type { BoardOrder, KitchenLine } from "@/lib/contract/board";

/**
 * Bounds on what the board carries, so that a platform sending thousands of orders or megabytes
 * of text cannot make every tablet download megabytes (a fuzzing platform once made
 * `GET /api/orders` 6.9 MB). The order's details keep everything; the card is what the kitchen
 * reads at a glance, and a 10,000-character name or the 400th line does not help there.
 */

/**
 * Cards the board sends per store. A busy kitchen has a few dozen open orders; 200 is far above
 * any real service and, at the bounded card size below, keeps a store's board near 1 MB at worst (every
 * card at every limit) and a few tens of kilobytes in real service.
 * Beyond it the oldest (by when Comanda received them: a platform's dates may be anything) are
 * counted, not sent.
 */
export const MAX_BOARD_CARDS_PER_STORE = 200;

/** A bounded card's JSON stays under this many bytes (every text at its limit, ASCII), whatever the order. */
export const MAX_CARD_JSON_BYTES = 8_000;

/** What a cut text ends with, so the reader knows there is more in the details. */
export const TRUNCATION_MARKER = "…";

const LIMITS = {
  displayId: 24,
  type: 24,
  customerName: 80,
  place: 40,
  lineName: 60,
  optionName: 40,
  lines: 12,
  optionsPerLine: 6,
} as const;

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** Cuts `value` to at most `max` characters (the marker included), never splitting a surrogate pair. */
export function cutText(value: string, max: number): { text: string; cut: boolean } {
  if (value.length <= max) return { text: value, cut: false };
  let end = max - TRUNCATION_MARKER.length;
  const last = value.charCodeAt(end - 1);
  // A high surrogate without its pair would be a lone surrogate, which PostgreSQL refuses.
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: value.slice(0, end) + TRUNCATION_MARKER, cut: true };
}

/** The card with its texts and lists within the board's limits; `truncated` says when anything was cut. */
export function boundCard(card: BoardOrder): BoardOrder {
  let cut = false;
  const bound = (value: string, max: number) => {
    const result = cutText(value, max);
    cut ||= result.cut;
    return result.text;
  };
  const boundNullable = (value: string | null | undefined, max: number) =>
    value === null || value === undefined ? value : bound(value, max);

  const lines = card.lines ?? [];
  if (lines.length > LIMITS.lines) cut = true;
  const boundedLines: KitchenLine[] = lines.slice(0, LIMITS.lines).map((line) => {
    if (line.options.length > LIMITS.optionsPerLine) cut = true;
    return {
      name: bound(line.name, LIMITS.lineName),
      quantity: line.quantity,
      options: line.options
        .slice(0, LIMITS.optionsPerLine)
        .map((option) => ({ name: bound(option.name, LIMITS.optionName), quantity: option.quantity })),
    };
  });

  const bounded: BoardOrder = {
    ...card,
    displayId: bound(card.displayId, LIMITS.displayId),
    type: bound(card.type, LIMITS.type),
    customerName: boundNullable(card.customerName, LIMITS.customerName) ?? null,
    // The board formats the total with Intl, which throws on a currency that is not three letters:
    // such a total is not shown (the card's flags say the currency is unknown).
    total: card.total && ISO_CURRENCY.test(card.total.currency) ? card.total : null,
    ...(card.place !== undefined && { place: boundNullable(card.place, LIMITS.place) }),
    ...(card.lines !== undefined && { lines: boundedLines }),
  };
  return cut ? { ...bounded, truncated: true } : bounded;
}
