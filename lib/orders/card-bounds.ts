import type { BoardOrder, KitchenLine } from "@/lib/contract/board";
import { allergyPhrases, hasAllergy } from "./allergy";

/**
 * Bounds on what the board carries, so that a platform sending thousands of orders or megabytes
 * of text cannot make every tablet download megabytes (a fuzzing platform once made
 * `GET /api/orders` 6.9 MB). The order's details keep everything; the card is what the kitchen
 * reads at a glance, and a 10,000-character name or the 400th line does not help there.
 */

/**
 * Cards the board sends per store. A busy kitchen has a few dozen open orders; 200 is far above
 * any real service and, at the bounded card size below, keeps a store's board near 2 MB at worst (every
 * card at every limit) and a few tens of kilobytes in real service.
 * Beyond it the oldest (by when Comanda received them: a platform's dates may be anything) are
 * counted, not sent.
 */
export const MAX_BOARD_CARDS_PER_STORE = 200;

/**
 * A bounded card's JSON stays under this many bytes (every text at its limit, ASCII), whatever the
 * order. 8 KB until the card carried every note (issue 27): notes are what a cook must not miss;
 * 10 KB until it carried each line's stations and each station's progress (at worst, 8 stations
 * on each of the 12 lines: 1.8 KB more). Hold and fire adds each line's fire offset (at most
 * 12 × 14 bytes).
 */
export const MAX_CARD_JSON_BYTES = 12_000;

/** What a cut text ends with, so the reader knows there is more in the details. */
export const TRUNCATION_MARKER = "…";

const LIMITS = {
  displayId: 24,
  type: 24,
  customerName: 80,
  place: 40,
  pickupCode: 20,
  lineName: 60,
  optionName: 40,
  lines: 12,
  optionsPerLine: 6,
  /** An item's note: long enough for any real instruction ("SEM LACTOSE - cliente intolerante" is 33). */
  lineNote: 140,
  orderNote: 280,
  /** The notes of the lines past `lines`, joined: a card leaves a line out, never its note. */
  moreNotes: 400,
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

/**
 * A customer's note cut to at most `max` characters without losing what a cook must not miss:
 * when the cut would drop an allergy phrase, the phrases themselves follow the cut ("… sem
 * lactose"), so a bounded note names every allergy the whole one names (card-bounds.test.ts).
 */
export function boundNote(value: string, max: number): { text: string; cut: boolean } {
  const note = value.normalize("NFC");
  if (note.length <= max) return { text: note, cut: note !== value };
  const plain = cutText(note, max);
  const phrases = [...new Map(allergyPhrases(note).map((phrase) => [phrase.toLowerCase(), phrase])).values()];
  const missing = phrases.filter((phrase) => !plain.text.toLowerCase().includes(phrase.toLowerCase()));
  if (missing.length === 0) return plain;
  let tail = "";
  for (const phrase of missing) {
    const next = tail ? `${tail} · ${phrase}` : phrase;
    // At least one phrase always fits (the longest word is short beside any note limit).
    if (tail && next.length > max / 2) break;
    tail = next;
  }
  return { text: `${cutText(note, max - tail.length - 1).text} ${tail}`, cut: true };
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
  const note = (value: string, max: number) => {
    const result = boundNote(value, max);
    cut ||= result.cut;
    return result.text;
  };

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
      ...(line.note && { note: note(line.note, LIMITS.lineNote) }),
      ...(line.stations && { stations: line.stations }),
      ...(line.fireIn !== undefined && { fireIn: line.fireIn }),
    };
  });
  // The lines left out keep their notes: "name: note", joined, bounded like one note.
  const leftOutNotes = lines
    .slice(LIMITS.lines)
    .flatMap((line) => (line.note ? [`${line.name.slice(0, LIMITS.lineName)}: ${line.note}`] : []))
    .join(" · ");
  // Every note the order holds, before any cut: the flag that asks the kitchen to look.
  const allergy =
    hasAllergy(card.notes) || lines.some((line) => hasAllergy(line.note)) || hasAllergy(card.moreNotes ?? null);

  const bounded: BoardOrder = {
    ...card,
    displayId: bound(card.displayId, LIMITS.displayId),
    type: bound(card.type, LIMITS.type),
    customerName: boundNullable(card.customerName, LIMITS.customerName) ?? null,
    // The board formats the total with Intl, which throws on a currency that is not three letters:
    // such a total is not shown (the card's flags say the currency is unknown).
    total: card.total && ISO_CURRENCY.test(card.total.currency) ? card.total : null,
    ...(card.place !== undefined && { place: boundNullable(card.place, LIMITS.place) }),
    ...(card.pickupCode !== undefined && { pickupCode: bound(card.pickupCode, LIMITS.pickupCode) }),
    ...(card.lines !== undefined && { lines: boundedLines }),
    ...(card.notes && { notes: note(card.notes, LIMITS.orderNote) }),
    ...((leftOutNotes || card.moreNotes) && { moreNotes: note(leftOutNotes || card.moreNotes!, LIMITS.moreNotes) }),
    ...(allergy && { allergy: true }),
  };
  return cut ? { ...bounded, truncated: true } : bounded;
}
