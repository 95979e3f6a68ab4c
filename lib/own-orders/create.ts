import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { insertEvents } from "@/lib/db/events";
import { reprojectOrder } from "@/lib/db/order-writes";
import { orderActions, orders, type OwnSource } from "@/lib/db/schema";
import type { BoardOrder } from "@/lib/contract/board";
import type { OwnOrderInput } from "@/lib/contract/own-order";
import { AppError } from "@/lib/errors";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { menuState, readControls } from "@/lib/merchant/controls";
import { stableId, type ImportedMenu } from "@/lib/merchant/document-ids";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { enqueuePrintJobs } from "@/lib/printers/jobs";
import { wakePrintWorker } from "@/lib/printers/worker";
import { ownOrderSettingsOf, type OwnOrderSettings } from "@/lib/stores/own-order-settings";
import { findOwnChannel, OWN_CHANNEL_PREFIX } from "./channels";
import { recordOrderCustomer } from "./customers";
import { feeCents, zoneOf } from "./delivery-fee";
import { ownOrderDocument } from "./document";
import { ownOrderError } from "./errors";
import { dddOf, phoneKey } from "./phone";
import { orderTotals, priceLines, type OrderTotals, type PricedLine } from "./totals";

// Taking an order on the restaurant's own channel (issue 30): priced on the server, written as an
// Open Delivery document through the same write as a platform's order (events + order + card in
// one board write, so every board's stream sees it), never sent to any platform.
//
// What puts it in New: a CREATED event row in platform_events, as a platform's first event would
// be — Comanda's own ("own:<order>:CREATED"), under the own channel. The projection then reads it
// exactly like a platform order's (lifecycle, timers, confirm deadline, history). "Confirm now"
// adds a succeeded confirm action by the person taking it, as a confirm on the board would.

/** Own order ids: never a platform's (the prefix, as own channel ids). */
export const OWN_ORDER_PREFIX = OWN_CHANNEL_PREFIX;

/** The letter before an own order's number on the card: B-12, T-13, W-14, M-15. */
const DISPLAY_LETTER: Readonly<Record<OwnSource, string>> = { counter: "B", phone: "T", whatsapp: "W", table: "M" };

export interface TakeOwnOrder {
  input: OwnOrderInput;
  /** Who took it (the audit's actor). */
  actor: string;
  now: Date;
}

/** What the server makes of an order as typed: its priced lines and totals (the quote shows these). */
export interface PricedOrder {
  settings: OwnOrderSettings;
  lines: PricedLine[];
  totals: OrderTotals;
  /** The customer's phone key, when a phone was typed. */
  key: string | undefined;
  /** The delivery zone's name (a delivery with an address in an area). */
  zoneName: string | null;
}

/**
 * Prices an order from the restaurant's imported menu and delivery areas: the one pricing of own
 * orders, for the form's preview (`draft`) and for taking it. A draft may lack the phone and the
 * address (no fee yet); everything it has is checked as taking it would.
 */
export async function priceOwnOrder(
  db: Database,
  input: OwnOrderInput,
  now: Date,
  { draft }: { draft: boolean },
): Promise<PricedOrder> {
  const { storeId } = input;
  const settings = await ownOrderSettingsOf(db, storeId);
  if (!settings) throw new AppError("not_found", "There is no such restaurant.");
  const imported = (await readControls(db, storeId)).menu as ImportedMenu | null;
  if (!imported) throw ownOrderError("menuMissing", "Import this restaurant's menu before taking orders.");
  const { lines, itemsCents } = priceLines(
    input.items,
    imported.menu,
    await menuState(db, storeId),
    settings.pizzaPricing,
  );

  // A scheduled time already past is a typing slip (the wrong day or hour), never "as soon as possible".
  if (input.scheduledFor && Date.parse(input.scheduledFor) < now.getTime())
    throw ownOrderError("scheduledInPast", "The scheduled time has already passed. Pick a later one, or none.");
  const phone = input.customer?.phone?.trim() ? input.customer.phone : undefined;
  const key = phone === undefined ? undefined : phoneKey(phone, { defaultDdd: dddOf(imported.store.telephone) });
  let deliveryFeeCents = 0;
  let zoneName: string | null = null;
  if (input.type === "delivery" && !(draft && !input.address)) {
    if (!input.address || (key === undefined && !draft))
      throw ownOrderError("addressRequired", "A delivery needs the customer's phone and address.");
    const zone = zoneOf(imported.delivery ?? { areas: [], locations: [] }, input.address);
    if (!zone)
      throw ownOrderError(
        "outsideDeliveryArea",
        "This address is outside every delivery area of the restaurant. Offer retirada.",
        input.address.district || input.address.postalCode,
      );
    zoneName = zone.zone.name;
    deliveryFeeCents = feeCents(zone.zone.fee, itemsCents, localMinutes(now, settings.timeZone));
  }
  const totals = orderTotals(itemsCents, deliveryFeeCents, input.payment);
  return { settings, lines, totals, key, zoneName };
}

/**
 * When an order should be ready and when the kitchen should start it: a scheduled one at its time,
 * started the preparation time before (the board's Scheduled lane holds it until then, as a
 * platform's scheduled order); an order for now, the preparation time after it was placed.
 */
export function orderTiming(
  scheduledFor: string | undefined,
  placedAt: Date,
  now: Date,
  settings: Pick<OwnOrderSettings, "defaultPreparationMinutes">,
): { estimatedReadyAt: Date; preparationStartAt: Date } {
  const preparationMs = settings.defaultPreparationMinutes * 60_000;
  const scheduled = scheduledFor ? new Date(scheduledFor) : null;
  return {
    estimatedReadyAt: scheduled ?? new Date(placedAt.getTime() + preparationMs),
    preparationStartAt: scheduled ? new Date(Math.max(now.getTime(), scheduled.getTime() - preparationMs)) : placedAt,
  };
}

/**
 * Comanda's id of an own order. With the form's idempotency key (one per order typed) it is derived
 * from the restaurant and the key, so a send retried after a lost answer finds the order it made;
 * two people typing orders for one customer have two keys, and two orders.
 */
export function ownOrderId(storeId: string, idempotencyKey: string | undefined): string {
  return `${OWN_ORDER_PREFIX}${idempotencyKey ? stableId(storeId, `own-order:${idempotencyKey}`) : randomUUID()}`;
}

export interface TakenOwnOrder {
  order: BoardOrder;
  /** The key had already made this order: nothing new was written. */
  replayed: boolean;
}

export async function createOwnOrder(db: Database, { input, actor, now }: TakeOwnOrder): Promise<BoardOrder> {
  return (await takeOrReplay(db, { input, actor, now })).order;
}

export async function takeOrReplay(db: Database, { input, actor, now }: TakeOwnOrder): Promise<TakenOwnOrder> {
  const { storeId } = input;
  const orderId = ownOrderId(storeId, input.idempotencyKey);
  // A retried send: answered from the order it made, before anything is priced again (a flavour
  // sold out since must not refuse an order already on the board).
  if (input.idempotencyKey) {
    const made = await boardCardOf(db, storeId, orderId);
    if (made) return { order: made, replayed: true };
  }
  const channel = await findOwnChannel(db, storeId, input.source);
  const { settings, lines, totals, key } = await priceOwnOrder(db, input, now, { draft: false });
  if (!channel) throw ownOrderError("channelOff", "This restaurant's channel for these orders is switched off.");

  const { estimatedReadyAt, preparationStartAt } = orderTiming(input.scheduledFor, now, now, settings);
  let printJobs = 0;
  let replayed: BoardOrder | undefined;
  const card = await writeBoard(db, async (tx) => {
    // The restaurant's board writes are ordered from here: the number below is taken under it.
    await lockStoresForBoard(tx, [storeId]);
    // The same key sent twice at once: the second finds the first's order under the lock.
    if (input.idempotencyKey) {
      replayed = await boardCardOf(tx, storeId, orderId);
      if (replayed) return null;
    }
    const customer = await recordOrderCustomer(tx, storeId, key, input, now);
    const displayId = `${DISPLAY_LETTER[input.source]}-${(await ownOrderCount(tx, storeId)) + 1}`;
    const document = ownOrderDocument(input, lines, totals, {
      orderId,
      displayId,
      channelId: channel.id,
      channelLabel: channel.label,
      restaurantName: settings.name,
      createdAt: now,
      preparationStartAt,
      estimatedReadyAt,
      customer: customer && { id: customer.id, name: customer.name, phoneKey: customer.phoneKey },
    });
    const parsed = parseOrderDetails(document);
    if (!parsed.ok) throw new Error(`An own order's document does not follow the standard: ${parsed.error}`);
    const at = now.toISOString();
    await insertEvents(tx, { storeId, channelId: channel.id }, [
      { eventId: `${orderId}:CREATED`, orderId, eventType: "CREATED", createdAt: at },
      // Confirmed at once: the event a platform would send too (the reports count a sale by it).
      ...(input.confirmNow
        ? [{ eventId: `${orderId}:CONFIRMED`, orderId, eventType: "CONFIRMED", createdAt: at }]
        : []),
    ]);
    // Who took it, in the order's audit (no column moves on it: "create" is no lifecycle action).
    const audit = { orderId, storeId, outcome: "succeeded", actor, requestedAt: now, completedAt: now };
    await tx.insert(orderActions).values({ ...audit, action: "create" });
    if (input.confirmNow) {
      await tx
        .insert(orderActions)
        .values({ ...audit, action: "confirm", requestBody: { preparationTime: settings.defaultPreparationMinutes } });
    }
    const card = await reprojectOrder(tx, {
      id: orderId,
      storeId,
      channelId: channel.id,
      details: document,
      summary: parsed.summary,
      detailsError: null,
    });
    // After the order's row is written: the tickets are built from it (as a platform order's confirm does).
    if (input.confirmNow) printJobs = await enqueuePrintJobs(tx, { storeId, orderId }, now);
    return card;
  });
  if (printJobs > 0) wakePrintWorker();
  if (replayed) return { order: replayed, replayed: true };
  if (!card) throw new Error("an own order's write returned no card");
  return { order: card, replayed: false };
}

async function boardCardOf(
  tx: Database | DatabaseTransaction,
  storeId: string,
  orderId: string,
): Promise<BoardOrder | undefined> {
  const [row] = await tx
    .select({ board: orders.board })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return row?.board;
}

/** How many own orders the restaurant has taken: the next one's number is one more. */
async function ownOrderCount(tx: DatabaseTransaction, storeId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), like(orders.channelId, `${OWN_CHANNEL_PREFIX}%`)));
  return row?.count ?? 0;
}

/** Minutes since midnight in the restaurant's time zone (a fee's daily window is local time). */
function localMinutes(now: Date, timeZone: string | null): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}
