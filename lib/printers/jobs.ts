import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { orders, printJobs, storePrinters } from "@/lib/db/schema";
import { stationsOfStores } from "@/lib/db/station-reads";
import type { KitchenLine } from "@/lib/contract/board";
import { toOrderReview } from "@/lib/orders/order-review";
import { stationLines } from "@/lib/orders/station-progress";
import { storeTimeZones } from "@/lib/stores/time-zones";
import { buildTicket, type StationPart } from "./ticket";

/** A job waiting longer than this raises the store's printer alarm on the board. */
export const PRINTER_ALARM_AFTER_MS = 30_000;

/**
 * Queues the order's kitchen tickets on its store's enabled printers, inside the confirm's own
 * transaction: the job exists exactly when the confirm does, and survives a restart. A station's
 * printer gets only that station's lines, and no job when the order has none; a whole-ticket
 * printer (no station, or a station the store no longer has) gets everything. An order already
 * queued on a printer is not queued again (a joined or repeated confirm).
 */
export async function enqueuePrintJobs(
  tx: DatabaseTransaction,
  order: { storeId: string; orderId: string },
  now: Date,
): Promise<number> {
  const printers = await tx
    .select({ id: storePrinters.id, stationId: storePrinters.stationId })
    .from(storePrinters)
    .where(and(eq(storePrinters.storeId, order.storeId), eq(storePrinters.enabled, true)));
  if (printers.length === 0) return 0;
  const [row] = await tx
    .select({ board: orders.board, details: orders.details, summary: orders.summary })
    .from(orders)
    .where(and(eq(orders.id, order.orderId), eq(orders.storeId, order.storeId)));
  if (!row) return 0;
  const timeZone = (await storeTimeZones(tx, [order.storeId])).get(order.storeId) ?? "America/Sao_Paulo";
  const review = toOrderReview(row.details);
  // Lines that cannot be routed (no summary, or one that does not match the details' items) are
  // printed whole on every printer: a station printer printing too much beats one printing nothing.
  const lines = row.summary?.lines;
  const routable = !!lines && (!review || review.items.length === lines.length);
  const parts =
    routable && printers.some((printer) => printer.stationId !== null)
      ? await stationParts(tx, order.storeId, lines)
      : null;
  const jobs = printers.flatMap((printer) => {
    const part = printer.stationId === null ? undefined : parts?.get(printer.stationId);
    // A station of the store with no line in this order: nothing to print there.
    if (part === null) return [];
    return [{ printerId: printer.id, ticket: buildTicket(row.board, review, now, timeZone, part) }];
  });
  if (jobs.length === 0) return 0;
  const inserted = await tx
    .insert(printJobs)
    .values(
      jobs.map((job) => ({
        storeId: order.storeId,
        ...job,
        orderId: order.orderId,
        createdAt: now,
        nextAttemptAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: printJobs.id });
  return inserted.length;
}

/**
 * Each station of the store → its part of the order, or null when it makes none of it. Routed as
 * the board routes (the projection's router over the order's every line, as a station's bump).
 */
async function stationParts(
  tx: DatabaseTransaction,
  storeId: string,
  lines: readonly KitchenLine[],
): Promise<Map<number, StationPart | null>> {
  const stations = (await stationsOfStores(tx, [storeId])).get(storeId);
  const parts = new Map<number, StationPart | null>();
  if (!stations) return parts;
  const making = stations.list
    .map((station) => ({ station, lines: stationLines(lines, stations.route, station.id) }))
    .filter((entry) => entry.lines.length > 0);
  for (const station of stations.list) parts.set(station.id, null);
  making.forEach(({ station, lines: mine }, index) =>
    parts.set(station.id, { name: station.name, index: index + 1, count: making.length, lines: mine }),
  );
  return parts;
}

export interface DueJob {
  id: number;
  attempts: number;
  ticket: typeof printJobs.$inferSelect.ticket;
  printer: { id: number; host: string; port: number; codePage: string; paperWidth: number; enabled: boolean };
}

/**
 * Takes up to `limit` jobs due now, oldest first, and holds them until `claimUntil` so another
 * instance does not send them too (a crashed sender's hold runs out and they are sent again: a
 * ticket printed twice is better than one lost).
 */
export async function claimDueJobs(db: Database, now: Date, claimUntil: Date, limit: number): Promise<DueJob[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: printJobs.id })
      .from(printJobs)
      .where(
        and(
          isNull(printJobs.printedAt),
          lte(printJobs.nextAttemptAt, now),
          or(isNull(printJobs.claimedUntil), lt(printJobs.claimedUntil, now)),
        ),
      )
      .orderBy(asc(printJobs.createdAt), asc(printJobs.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((job) => job.id);
    await tx.update(printJobs).set({ claimedUntil: claimUntil }).where(inArray(printJobs.id, ids));
    return tx
      .select({
        id: printJobs.id,
        attempts: printJobs.attempts,
        ticket: printJobs.ticket,
        printer: {
          id: storePrinters.id,
          host: storePrinters.host,
          port: storePrinters.port,
          codePage: storePrinters.codePage,
          paperWidth: storePrinters.paperWidth,
          enabled: storePrinters.enabled,
        },
      })
      .from(printJobs)
      .innerJoin(storePrinters, eq(storePrinters.id, printJobs.printerId))
      .where(inArray(printJobs.id, ids))
      .orderBy(asc(printJobs.createdAt), asc(printJobs.id));
  });
}

export async function markPrinted(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(printJobs)
    .set({ printedAt: now, claimedUntil: null, lastError: null, attempts: sql`${printJobs.attempts} + 1` })
    .where(eq(printJobs.id, id));
}

export async function markFailed(db: Database, id: number, error: string, retryAt: Date): Promise<void> {
  await db
    .update(printJobs)
    .set({
      nextAttemptAt: retryAt,
      claimedUntil: null,
      lastError: error.slice(0, 500),
      attempts: sql`${printJobs.attempts} + 1`,
    })
    .where(eq(printJobs.id, id));
}

/** A printer of the store with tickets waiting longer than PRINTER_ALARM_AFTER_MS. */
export interface PrinterAlarm {
  storeId: string;
  printer: string;
  waiting: number;
}

/**
 * Every printer whose oldest unprinted ticket has waited past the alarm threshold, with how many
 * tickets it holds: read by the status feed, so the alarm clears on every tablet when it prints.
 */
export async function readPrinterAlarms(db: Database, now: Date): Promise<PrinterAlarm[]> {
  const rows = await db
    .select({
      storeId: printJobs.storeId,
      printer: storePrinters.name,
      waiting: sql<number>`count(*)::int`,
      oldest: sql<Date | string>`min(${printJobs.createdAt})`,
    })
    .from(printJobs)
    .innerJoin(storePrinters, eq(storePrinters.id, printJobs.printerId))
    .where(and(isNull(printJobs.printedAt), eq(storePrinters.enabled, true)))
    .groupBy(printJobs.storeId, storePrinters.id, storePrinters.name)
    .orderBy(asc(storePrinters.id));
  return rows
    .filter((row) => now.getTime() - new Date(row.oldest).getTime() > PRINTER_ALARM_AFTER_MS)
    .map(({ storeId, printer, waiting }) => ({ storeId, printer, waiting: Number(waiting) }));
}
