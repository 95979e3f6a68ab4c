import type { BoardOrder, KitchenLine } from "@/lib/contract/board";

/**
 * A cooking ticket in parts (issue 27, point 3): the rail is columns of a fixed height, and a
 * ticket taller than a column used to run on at the top of the next one with no number ("an
 * order's note or drinks sit there headless"). Now each ticket is laid out in parts that each fit
 * a column whole: the first with the ticket's head, every other one headed by the number and
 * "continua", each but the last ending in "continua"; an item line and its note are never split.
 * Heights are estimated from the text (no measuring per ticket: 300 tickets must render in
 * 500 ms), on the cautious side; the rail checks after layout that no part overflows its column
 * and, if one does, estimates more cautiously (use-ticket-parts.ts).
 */
export interface TicketPart {
  /** 0 for the first part. */
  index: number;
  count: number;
  /** Indexes into the order's lines, in order. */
  lines: readonly number[];
}

/** Pixel sizes of the ticket's pieces (order-card.tsx, ticket-lines.tsx), rounded up. */
const PX = {
  /** Padding and border of a ticket, and the gap below it in the rail. */
  frame: 16,
  /** Number and timer; type, customer and promise (one line). */
  head: 60,
  /** A second line of chips (a table's or tab's name, a store's). */
  headWrap: 28,
  /** A continuation's number and "continua". */
  continuedHead: 30,
  /** A continuation's channel chip, on a line under its number (issue 28). */
  chipLine: 22,
  /** A channel chip's padding, its bold 14 px glyphs' average width (the board's smallest card text), and its widest (6 rem). */
  chipFrame: 10,
  chipChar: 8.9,
  chipMax: 96,
  /** The order type's boxed word beside the chip ("RETIRADA", "NO LOCAL"), at its widest. */
  typeChip: 86,
  /** "continua →" at the foot of a part. */
  continues: 24,
  /** A recalled ticket's sign (two lines). */
  recalled: 46,
  /** A one-line sign under the head: "status não confirmado", the courier's fact (it may wrap: two lines). */
  sign: 22,
  courier: 42,
  /** The allergy sign under the head. */
  allergy: 32,
  /** The bump button and the gaps around it. */
  foot: 58,
  /** An item line: a 44 px target; each wrapped text line adds a line height. */
  line: 44,
  lineHeight: 20,
  noteLineHeight: 22,
  noteFrame: 12,
  /** Average glyph widths of the ticket's bold 16 px and 14 px text (boxed words wrap whole: wider). */
  charBase: 9.4,
  charSmall: 9,
} as const;

function textLines(chars: number, charPx: number, widthPx: number): number {
  return Math.max(1, Math.ceil((chars * charPx) / Math.max(40, widthPx)));
}

function noteHeight(note: string, label: number, widthPx: number): number {
  return PX.noteFrame + PX.noteLineHeight * textLines(note.length + label + 2, PX.charSmall, widthPx);
}

function lineHeight(line: KitchenLine, widthPx: number): number {
  const options = line.options.map((option) => `${option.quantity > 1 ? `${option.quantity}× ` : ""}${option.name}`);
  const chars = `${line.quantity}× ${line.name}`.length + (options.length ? 3 + options.join(", ").length : 0);
  const item = Math.max(PX.line, 8 + PX.lineHeight * textLines(chars, PX.charBase, widthPx));
  return item + (line.note ? noteHeight(line.note, 5, widthPx - 16) : 0);
}

/**
 * A channel's chip on a ticket (issue 28): its label, for the room it takes. It opens the type's
 * line (the number's line has the timer: no room in 11 rem), and wraps that line when the two do
 * not fit side by side; it is the line under the number of every later part.
 */
export interface TicketChip {
  label: string;
}

function chipWrapsHead(chip: TicketChip | undefined, inner: number): boolean {
  if (!chip) return false;
  const chipPx = Math.min(PX.chipMax, PX.chipFrame + PX.chipChar * chip.label.length);
  return chipPx + 6 + PX.typeChip > inner;
}

/** The ticket's estimated height in one piece, and its pieces' heights (for the split). */
export function ticketHeights(order: BoardOrder, widthPx: number, chip?: TicketChip) {
  const inner = widthPx - 24;
  const top =
    PX.frame +
    PX.head +
    // A table or a pickup code beside the type, or a name beside the promised time, wraps the head;
    // so does a channel's chip too wide to share the type's line.
    (order.place || order.pickupCode || (order.customerName && order.preparationMinutes) || chipWrapsHead(chip, inner)
      ? PX.headWrap
      : 0) +
    (order.allergy ? PX.allergy : 0) +
    (order.notes ? noteHeight(order.notes, 14, inner) : 0) +
    (order.recalled ? PX.recalled : 0) +
    (order.statusUnconfirmed ? PX.sign : 0) +
    (order.courier ? PX.courier : 0) +
    // The order's state sits with its head (order-card.tsx).
    (order.cancellationRequested || order.cancellationPending ? 100 : 0) +
    (order.flags?.length ? 34 * order.flags.length : 0) +
    (order.detailsUnreadable ? 60 : 0);
  const lines = (order.lines ?? []).map((line) => lineHeight(line, inner));
  const bottom = (order.moreNotes ? noteHeight(order.moreNotes, 14, inner) : 0) + PX.foot;
  return { top, lines, bottom };
}

/** One part: the whole ticket. */
const whole = (order: BoardOrder): TicketPart[] => [
  { index: 0, count: 1, lines: (order.lines ?? []).map((_, index) => index) },
];

/**
 * The ticket's parts for a column `budgetPx` tall and `widthPx` wide: one when it fits (most
 * tickets), else as few as fit, greedily. A line taller than a column on its own gets a part of
 * its own (that part overflows its column, which then scrolls; nothing is hidden). No budget (a phone's stacked
 * lanes): one part.
 */
export function splitTicket(order: BoardOrder, budgetPx: number, widthPx: number, chip?: TicketChip): TicketPart[] {
  if (!(budgetPx > 0) || !(widthPx > 0)) return whole(order);
  const { top, lines, bottom } = ticketHeights(order, widthPx, chip);
  const continuedHead = PX.continuedHead + (chip ? PX.chipLine : 0);
  const total = top + lines.reduce((sum, height) => sum + height, 0) + bottom;
  if (total <= budgetPx) return whole(order);

  const parts: number[][] = [[]];
  let used = top;
  lines.forEach((height, index) => {
    const current = parts.at(-1)!;
    const last = index === lines.length - 1;
    // Room for this line and what must follow it in this part: the foot, or "continua".
    const after = last ? bottom : PX.continues;
    // The first part may be the head alone ("continua →") when its first line does not fit
    // under it; a later part always holds at least one line.
    const mayMoveOn = current.length > 0 || parts.length === 1;
    if (mayMoveOn && used + height + after > budgetPx) {
      parts.push([index]);
      used = PX.frame + continuedHead + height;
    } else {
      current.push(index);
      used += height;
    }
  });
  // The foot did not fit after the last line: it goes on a part of its own rather than be split.
  if (parts.length > 0 && used + bottom > budgetPx && parts.at(-1)!.length > 1) {
    const lastPart = parts.at(-1)!;
    parts.push([lastPart.pop()!]);
  }
  return parts.map((indexes, index) => ({ index, count: parts.length, lines: indexes }));
}
