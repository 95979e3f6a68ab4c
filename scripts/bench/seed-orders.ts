/**
 * A back office's past, written straight into the database for the browser benches: finished
 * orders (done, some cancelled) spread over the last `days` days in the given stores, each with
 * the platform events ingest would have stored (created, confirmed, ready, dispatched, delivered
 * or cancelled), so the history's columns and the reports' figures have real data to show.
 * Deterministic: every run seeds the same orders relative to `now`.
 */
import type { BoardOrder } from "@/lib/contract/board";
import type { Database } from "@/lib/db";
import { orders, platformEvents } from "@/lib/db/schema";
import type { OrderSummary } from "@/lib/orders/types";
import { boardCard } from "@/e2e/support/board-card";

const NAMES = ["Ana Souza", "João Conceição", "Maria Lima", "Pedro Alves", "Luíza Rocha", "Carlos Dias"];
const TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"];
const CHANNELS = ["App", "Site", "WhatsApp"];
const CHUNK = 500;

export interface SeedPlan {
  storeIds: readonly string[];
  orders: number;
  days: number;
  now: number;
  /** Prefix of order ids and display ids, so two seeds never collide. */
  prefix?: string;
}

/**
 * A small deterministic generator (a linear congruential one): the same history every run. The
 * product is taken in 32-bit integers (Math.imul): in floating point it exceeds 2^53 and loses its
 * low bits, and the sequence fell into a cycle of ~10,000 draws — every ~1,023rd order the same
 * day, time and customer, a history's newest page one customer's orders.
 */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 2 ** 31;
  };
}

export async function seedPastOrders(db: Database, plan: SeedPlan): Promise<void> {
  const next = random(42);
  const prefix = plan.prefix ?? "seed";
  const orderRows: Array<typeof orders.$inferInsert> = [];
  const eventRows: Array<typeof platformEvents.$inferInsert> = [];
  // Written every CHUNK × 10 orders: a million orders and their events never sit in memory at once.
  const flush = async () => {
    for (let start = 0; start < orderRows.length; start += CHUNK)
      await db.insert(orders).values(orderRows.slice(start, start + CHUNK));
    for (let start = 0; start < eventRows.length; start += CHUNK)
      await db.insert(platformEvents).values(eventRows.slice(start, start + CHUNK));
    orderRows.length = 0;
    eventRows.length = 0;
  };
  for (let index = 0; index < plan.orders; index++) {
    if (orderRows.length >= CHUNK * 10) await flush();
    const storeId = plan.storeIds[index % plan.storeIds.length]!;
    const id = `${prefix}-order-${index}`;
    // Lunch and dinner hours, most days: the reports' hourly chart gets its usual shape.
    const day = Math.floor(next() * plan.days);
    const placedAt = new Date(plan.now - (day + 1) * 86_400_000 + Math.floor(next() * 86_400_000));
    const cancelled = next() < 0.12;
    const type = TYPES[Math.floor(next() * TYPES.length)]!;
    const customerName = NAMES[Math.floor(next() * NAMES.length)]!;
    const total = { value: Math.round(2_000 + next() * 18_000) / 100, currency: "BRL" };
    const at = (minutes: number) => new Date(placedAt.getTime() + minutes * 60_000);
    const events: Array<[string, Date]> = [["CREATED", at(0)]];
    if (!cancelled || next() < 0.5) events.push(["CONFIRMED", at(1 + next() * 3)]);
    if (cancelled) events.push(["CANCELLED", at(5 + next() * 10)]);
    else {
      events.push(["READY_FOR_PICKUP", at(15 + next() * 15)]);
      if (type === "DELIVERY") events.push(["DISPATCHED", at(32 + next() * 5)], ["DELIVERED", at(50 + next() * 20)]);
      else events.push([type === "TAKEOUT" ? "PICKED_UP" : "DELIVERED", at(35 + next() * 10)]);
      events.push(["CONCLUDED", at(75)]);
    }
    const finishedAt = events.at(-1)![1].toISOString();
    const card: BoardOrder = boardCard({
      id,
      storeId,
      displayId: String(1000 + index),
      type,
      customerName,
      total,
      placedAt: placedAt.toISOString(),
      column: cancelled ? "cancelled" : "done",
      finishedAt,
      seq: index + 1,
    });
    const summary: OrderSummary = {
      displayId: card.displayId,
      type,
      customerName,
      itemCount: 1 + Math.floor(next() * 4),
      total,
      placedAt: card.placedAt,
      timing: "INSTANT",
      preparationStartAt: null,
      scheduledFor: null,
    };
    orderRows.push({
      id,
      storeId,
      channelId: storeId,
      details: {
        id,
        salesChannel: CHANNELS[index % CHANNELS.length],
        customer: { name: customerName, phone: { number: `(11) 9${String(index).padStart(8, "0")}` } },
      },
      summary,
      board: card,
      boardColumn: card.column,
      seq: card.seq,
      placedAt,
      createdAt: placedAt,
      updatedAt: new Date(finishedAt),
    });
    events.forEach(([eventType, occurredAt], eventIndex) => {
      const eventId = `${id}-event-${eventIndex}`;
      eventRows.push({
        eventId,
        storeId,
        channelId: storeId,
        orderId: id,
        eventType,
        occurredAt,
        receivedAt: occurredAt,
        acknowledgedAt: occurredAt,
        payload: { eventId, eventType, orderId: id, createdAt: occurredAt.toISOString() },
      });
    });
  }
  await flush();
}
