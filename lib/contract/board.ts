import * as z from "zod/mini";
import { BOARD_COLUMNS, COURIER_FACTS, ORDER_ACTIONS, ORDER_FLAGS } from "./board-values";

/**
 * The kitchen board as it crosses from server to browser: the card of each order, the snapshot
 * the board starts from, and what an order action answers. The server computes these (lib/orders);
 * the browser parses them (lib/contract/client.ts) and the stream's `order` messages.
 *
 * Written with zod/mini, as every schema the board loads with its first paint: the browser parses
 * these on each load, and mini's functional form ships only what is used (classic zod's chained
 * methods bring all of it, ~30 kB gzip of the board's first load; issue 13).
 */

export {
  BOARD_COLUMNS,
  ORDER_ACTIONS,
  ORDER_FLAGS,
  type BoardColumn,
  type OrderAction,
  type OrderFlag,
} from "./board-values";

export const moneySchema = z.object({ value: z.number(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

/**
 * An option chosen on an item line: what it is and how many. `code` is the platform's
 * externalCode, kept in the order's summary to route the line to a station; the card drops it.
 */
export const lineOptionSchema = z.object({ name: z.string(), quantity: z.number(), code: z.optional(z.string()) });

/** One item line as the kitchen makes it; option quantities are per unit of the item. */
export const kitchenLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  options: z.array(lineOptionSchema),
  /** The customer's special instructions for this item ("sem cebola"); the ticket shows them in full. */
  note: z.optional(z.nullable(z.string())),
  /** The item's externalCode (the summary's; the card drops it): what routes the line to a station. */
  code: z.optional(z.string()),
  /**
   * The kitchen stations that make this line (issue 27 point 7), the item's first; absent when the
   * store has no stations. Never empty: a line routed nowhere goes to the default station.
   */
  stations: z.optional(z.array(z.int())),
  /**
   * Hold and fire (docs/kitchen.md): minutes after the order's start (`stageSince` in
   * preparation) when its station should start this line, so the order's lines finish together.
   * Absent when it starts at once (and when the store has no stations).
   */
  fireIn: z.optional(z.int().check(z.minimum(0))),
});
export type KitchenLine = z.infer<typeof kitchenLineSchema>;

/** A card on the board: everything the board needs to render and act, nothing secret. */
export const boardOrderSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  /**
   * The channel the order came from (issue 28): its label, colour and platform come with the
   * stream's status (channelStatusSchema), so a renamed label reaches every card at once.
   */
  channelId: z.string(),
  displayId: z.string(),
  /** DELIVERY, TAKEOUT, INDOOR — or an unknown value from the platform, kept as is. */
  type: z.string(),
  customerName: z.nullable(z.string()),
  itemCount: z.number(),
  total: z.nullable(moneySchema),
  /** When the customer placed the order (platform time, ISO 8601). */
  placedAt: z.string(),
  column: z.enum(BOARD_COLUMNS),
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** The platform's order details could not be read or parsed; the card says so. */
  detailsUnreadable: z.boolean(),
  /** While New: when the platform cancels the order if nobody confirms it (ISO 8601). */
  confirmBy: z.nullable(z.string()),
  /** Scheduled orders: the start of the customer's chosen window (ISO 8601). */
  scheduledFor: z.nullable(z.string()),
  /** Scheduled orders: when the platform wants the kitchen to start (ISO 8601); null otherwise. */
  preparationStartAt: z.optional(z.nullable(z.string())),
  /**
   * The platform said a scheduled order's preparation time came (PREPARATION_REQUESTED) or the
   * kitchen started it: it leaves the Scheduled lane whatever the clocks say.
   */
  preparationRequested: z.optional(z.boolean()),
  /** Done or cancelled: when it got there (ISO 8601); the board lets it go two hours later. */
  finishedAt: z.optional(z.nullable(z.string())),
  /** Cancelled after the kitchen had started it (confirmed, or ready): someone must stop cooking. */
  cancelledWhileCooking: z.optional(z.boolean()),
  /** INDOOR orders: the table or tab, as the platform names it. */
  place: z.optional(z.nullable(z.string())),
  /** The code the platform's courier gives to collect the bag (delivery.pickupCode); absent without one. */
  pickupCode: z.optional(z.string()),
  /** What to make, for the board's all-day counts. Absent on cards stored before it existed. */
  lines: z.optional(z.array(kitchenLineSchema)),
  /** Implausible order (absent when it looks real, and on cards stored before flags existed). */
  flags: z.optional(z.array(z.enum(ORDER_FLAGS))),
  /**
   * Some of the card's text (names, lines) was cut to keep the board's answers small (see
   * lib/orders/card-bounds.ts); the order's details still have all of it.
   */
  truncated: z.optional(z.boolean()),
  /** The customer's note for the whole order (the standard's extraInfo); the ticket shows it in full. */
  notes: z.optional(z.nullable(z.string())),
  /**
   * The notes of item lines the card leaves out (past its line limit), joined as "item: note":
   * a card may leave a line out, never its note (lib/orders/card-bounds.ts).
   */
  moreNotes: z.optional(z.nullable(z.string())),
  /**
   * A note (the order's or an item's) names an allergy or intolerance (lib/orders/allergy.ts):
   * the board shows it on every view of the order and asks before confirming. Absent otherwise.
   */
  allergy: z.optional(z.boolean()),
  /**
   * The kitchen recalled a bump (issue 27): the card is back in `column`, while the platform,
   * which cannot undo a step, still holds `platformColumn` (docs/kitchen.md). Absent otherwise.
   */
  recalled: z.optional(z.object({ platformColumn: z.enum(BOARD_COLUMNS), at: z.string() })),
  /**
   * Open Delivery 2.0: the platform's status (the source of truth) could not confirm the card's —
   * the platform did not answer, or has not applied our step yet. The card stays where it is,
   * marked "status não confirmado", until a reconciliation agrees (lib/sync/reconcile.ts).
   */
  statusUnconfirmed: z.optional(z.boolean()),
  /**
   * Open Delivery 2.0: the platform courier's latest fact (assigned, at the store, collected, on
   * the way, at the customer) with the courier's name when given; absent without one, and once
   * the order is finished. Informational: it never moves the card (lib/orders/courier-fact.ts).
   */
  courier: z.optional(z.object({ fact: z.enum(COURIER_FACTS), name: z.nullable(z.string()), at: z.string() })),
  /**
   * The timer of the order's current stage: since when it is in it, and when it is expected to
   * leave it — New: the confirm deadline; In preparation: confirm + the promised preparation
   * time; Ready: the dispatch or pick-up expectation; On the way: the courier's ETA.
   */
  stageSince: z.optional(z.nullable(z.string())),
  dueAt: z.optional(z.nullable(z.string())),
  /** The preparation time (minutes) promised to the platform at confirm, when one was sent. */
  preparationMinutes: z.optional(z.nullable(z.number())),
  /**
   * Each station's part of the order: its lines and how many are done, every line counted (those
   * past the card's line limit too), in the store's station order; only stations with lines.
   * Absent when the store has no stations. Expo reads the order as ready when all are done.
   */
  stationProgress: z.optional(z.array(z.object({ id: z.int(), name: z.string(), lines: z.int(), done: z.int() }))),
  /** The ticket's lines a cook marked done (indexes into `lines`); absent when none. */
  doneLines: z.optional(z.array(z.int().check(z.minimum(0)))),
  /**
   * Confirmed by auto-accept (actor "auto", issue 15), not by a person: the board chimes once
   * for it and prints it on a device set to print on confirm. Absent otherwise.
   */
  autoAccepted: z.optional(z.boolean()),
  /** The platform (usually the customer) asks to cancel; staff must accept or deny. */
  cancellationRequested: z.boolean(),
  /**
   * While `cancellationRequested`: who asks (the standard's CONSUMER_CANCELLATION_REQUESTED code
   * means the customer; anything else the platform) and why, from the request event's metadata.
   * Absent when no request is open (and on cards stored before it existed).
   */
  cancellationRequest: z.optional(
    z.object({
      by: z.enum(["customer", "platform"]),
      reason: z.nullable(z.string().check(z.maxLength(280))),
      code: z.nullable(z.string().check(z.maxLength(80))),
    }),
  ),
  /**
   * Cancelled: by whom (the customer — the standard's CONSUMER_CANCELLATION_REQUESTED; the store —
   * Comanda asked; otherwise the platform, e.g. nobody confirmed in time) and the reason the
   * CANCELLED event gave. Absent on other cards.
   */
  cancelledBecause: z.optional(
    z.object({
      by: z.enum(["customer", "store", "platform"]),
      reason: z.nullable(z.string().check(z.maxLength(280))),
      code: z.nullable(z.string().check(z.maxLength(80))),
      /**
       * The platform cancelled it while it waited for a confirm, at its confirm deadline (issue 27:
       * the standard has no code for it; the board rings and says so). Absent otherwise.
       */
      unconfirmed: z.optional(z.boolean()),
    }),
  ),
  /** Staff asked the platform to cancel; its answer has not come yet. */
  cancellationPending: z.boolean(),
  /** Sequence number of the last change to this card (monotonic across the whole board). */
  seq: z.number(),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

/**
 * A store with more active cards than the board sends (lib/orders/card-bounds.ts): how many of
 * its oldest were left out, so the board can say so instead of silently hiding them.
 */
export const boardOverflowSchema = z.object({ storeId: z.string(), omitted: z.int().check(z.minimum(0)) });
export type BoardOverflow = z.infer<typeof boardOverflowSchema>;
/** What the board needs of each of the viewer's stores: a label, and how the kitchen works there. */
export const boardStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Minutes a confirm promises unless the cook picks another time (the card's "Confirm · 20 min"). */
  preparationMinutes: z.int(),
  /** False: this kitchen does not report "preparing" to the platform (confirm, then ready). */
  reportPreparing: z.boolean(),
  /**
   * The store's IANA time zone: the board's clock times (schedule, ticket, timeline) are the
   * store's. Absent from answers that predate it (read as America/Sao_Paulo).
   */
  timeZone: z.optional(z.string()),
  /** The store's kitchen stations, in order (absent or empty: none; the board is one station). */
  stations: z.optional(z.array(z.object({ id: z.int(), name: z.string() }))),
  /** Order types whose orders made by one station skip expo: that station's bump makes them Ready. */
  expoSkipTypes: z.optional(z.array(z.string())),
  /**
   * The restaurant's enabled channels (issue 28), so the cards wear their chips from the first
   * frame: arriving later with the stream's status, a chip moved a card's buttons under a finger.
   */
  channels: z.optional(
    z.array(z.object({ id: z.string(), label: z.string(), color: z.string(), platform: z.nullable(z.string()) })),
  ),
});
export type BoardStore = z.infer<typeof boardStoreSchema>;

/** GET /api/orders */
export const boardSnapshotSchema = z.object({
  orders: z.array(boardOrderSchema),
  /** Stores whose oldest cards were left out (absent or empty when none was). */
  overflow: z.optional(z.array(boardOverflowSchema)),
  /** The viewer's stores; absent from answers that predate it. */
  stores: z.optional(z.array(boardStoreSchema)),
  /** The highest change sequence included; open the stream with `?after=` this. */
  lastSeq: z.number(),
});
export type BoardSnapshot = z.infer<typeof boardSnapshotSchema>;

/** POST /api/orders/{id}/actions/{action}: the new card and the staff member it was recorded for. */
export const orderActionAnswerSchema = z.object({ order: boardOrderSchema, actor: z.nullable(z.string()) });
export type OrderActionAnswer = z.infer<typeof orderActionAnswerSchema>;
