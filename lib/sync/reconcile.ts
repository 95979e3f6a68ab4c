import "server-only";
import { and, asc, notInArray } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { writeBoard } from "@/lib/db/board-writes";
import { isAnyOf } from "@/lib/db/bulk";
import { insertEvents, markAcknowledged } from "@/lib/db/events";
import { reprojectOrders } from "@/lib/db/order-writes";
import { orders } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import { reconcileStatus, STATUS_CONFIRMED_EVENT, STATUS_UNCONFIRMED_EVENT } from "@/lib/orders/platform-status";
import { PlatformError } from "@/lib/platform/errors";
import type { PlatformOrderStatus } from "@/lib/platform/v2/client";

// Open Delivery 2.0: the order's status on GET /orders/{orderId} is the source of truth. Each
// active order of a 2.0 connection is compared with it — at once for the orders a poll brought
// events of, and every RECONCILE_EVERY_MS (RECONCILE_INTERVAL_SECONDS) for the others, a bounded number per round — and:
// - the platform further (or cancelled): the card moves, by an event Comanda stores as the
//   platform's step with `comandaReconciled` in its metadata (the timeline says "status conferido
//   na plataforma"), so the board, the alarms and the reports follow as for the platform's event;
// - the platform behind the card, or not answering: the card stays where it is and is marked
//   "status não confirmado" (an event of Comanda's own), retried next round; never moved on a guess;
// - agreeing again: the mark is cleared.
// Comanda's own events are stored acknowledged and never sent to the platform.

/** How often each active order is compared with its platform's status, unless the context says (env RECONCILE_INTERVAL_SECONDS). */
export const RECONCILE_EVERY_MS = 60_000;
/** The most orders compared in one round (each is a GET): a busy restaurant's board is spread over rounds. */
export const MAX_RECONCILED_PER_ROUND = 25;

export interface ReconcileContext {
  db: Database;
  channels: ReadonlyMap<string, string>;
  /** The platform's status of an order (OrdersV2Client.getStatus). */
  status: (orderId: string) => Promise<PlatformOrderStatus>;
  fence?: (tx: DatabaseTransaction) => Promise<void>;
  /** When each order was last compared (kept by the poller across rounds). */
  lastReconciled: Map<string, number>;
  /** How often each active order is compared; RECONCILE_EVERY_MS unless set. */
  everyMs?: number;
  now?: () => number;
}

export interface ReconcileOutcome {
  orderId: string;
  outcome: "agrees" | "moved" | "unconfirmed" | "unreachable";
  platformStatus?: string;
}

const FINISHED: BoardColumn[] = ["done", "cancelled"];

/**
 * One round: the orders named (a poll's events) and the active orders not compared for
 * `everyMs` (RECONCILE_EVERY_MS), at most MAX_RECONCILED_PER_ROUND in all. Never throws for the platform.
 */
export async function reconcileOrders(
  ctx: ReconcileContext,
  named: readonly string[] = [],
): Promise<ReconcileOutcome[]> {
  const channelIds = [...ctx.channels.keys()];
  if (channelIds.length === 0) return [];
  const now = (ctx.now ?? Date.now)();
  const everyMs = ctx.everyMs ?? RECONCILE_EVERY_MS;
  const active = await ctx.db
    .select({ id: orders.id, storeId: orders.storeId, channelId: orders.channelId, board: orders.board })
    .from(orders)
    .where(and(isAnyOf(orders.channelId, channelIds), notInArray(orders.boardColumn, FINISHED)))
    .orderBy(asc(orders.placedAt))
    .limit(500);
  const wanted = new Set(named);
  const due = active
    .filter((row) => wanted.has(row.id) || now - (ctx.lastReconciled.get(row.id) ?? 0) >= everyMs)
    .sort(
      (a, b) =>
        Number(wanted.has(b.id)) - Number(wanted.has(a.id)) ||
        (ctx.lastReconciled.get(a.id) ?? 0) - (ctx.lastReconciled.get(b.id) ?? 0),
    )
    .slice(0, MAX_RECONCILED_PER_ROUND);
  // Forget orders no longer active: the memory stays the size of the board.
  const activeIds = new Set(active.map((row) => row.id));
  for (const id of ctx.lastReconciled.keys()) if (!activeIds.has(id)) ctx.lastReconciled.delete(id);

  const outcomes: ReconcileOutcome[] = [];
  for (const row of due) {
    ctx.lastReconciled.set(row.id, now);
    outcomes.push(await reconcileOne(ctx, row, now));
  }
  return outcomes;
}

async function reconcileOne(
  ctx: ReconcileContext,
  row: { id: string; storeId: string; channelId: string; board: BoardOrder },
  now: number,
): Promise<ReconcileOutcome> {
  const marked = row.board.statusUnconfirmed === true;
  let platform: PlatformOrderStatus;
  try {
    platform = await ctx.status(row.id);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (!marked)
      await store(ctx, row, now, STATUS_UNCONFIRMED_EVENT, { reason: "unreachable", problem: error.message });
    return { orderId: row.id, outcome: "unreachable" };
  }
  const card = row.board.recalled?.platformColumn ?? row.board.column;
  const decision = reconcileStatus(card, platform.status);
  const platformStatus = platform.status;
  if (decision.kind === "move") {
    await store(
      ctx,
      row,
      now,
      decision.event,
      { comandaReconciled: true, platformStatus, comandaColumn: card },
      marked,
    );
    log.info({ orderId: row.id, from: card, platformStatus }, "order reconciled with the platform's status");
    return { orderId: row.id, outcome: "moved", platformStatus };
  }
  if (decision.kind === "behind") {
    if (!marked)
      await store(ctx, row, now, STATUS_UNCONFIRMED_EVENT, { reason: "behind", platformStatus, comandaColumn: card });
    return { orderId: row.id, outcome: "unconfirmed", platformStatus };
  }
  if (marked) await store(ctx, row, now, STATUS_CONFIRMED_EVENT, { platformStatus });
  return { orderId: row.id, outcome: "agrees", platformStatus };
}

/**
 * Stores one event of Comanda's own for the order (acknowledged: it is never the platform's to
 * take) and projects the card again; a move also clears the unconfirmed mark.
 */
async function store(
  ctx: ReconcileContext,
  row: { id: string; storeId: string; channelId: string },
  now: number,
  eventType: string,
  metadata: Record<string, unknown>,
  clearMark = false,
): Promise<void> {
  const at = new Date(now).toISOString();
  const events = [
    // A move's id is its status: two instances, or two rounds, store it once.
    {
      eventId: metadata.comandaReconciled
        ? `comanda:reconciled:${row.id}:${eventType}`
        : `comanda:${eventType}:${row.id}:${now}`,
      orderId: row.id,
      eventType,
      createdAt: at,
      metadata,
    },
    ...(clearMark
      ? [
          {
            eventId: `comanda:${STATUS_CONFIRMED_EVENT}:${row.id}:${now}`,
            orderId: row.id,
            eventType: STATUS_CONFIRMED_EVENT,
            createdAt: at,
            metadata: {},
          },
        ]
      : []),
  ];
  await writeBoard(ctx.db, async (tx) => {
    await ctx.fence?.(tx);
    await insertEvents(tx, row, events);
    return reprojectOrders(tx, [{ id: row.id, storeId: row.storeId, channelId: row.channelId }]);
  });
  await markAcknowledged(
    ctx.db,
    events.map((event) => event.eventId),
  );
}
