import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { orders, printJobs, storePrinters } from "@/lib/db/schema";
import { stationsOfStores } from "@/lib/db/station-reads";
import type { KitchenLine } from "@/lib/contract/board";
import { toOrderReview } from "@/lib/orders/order-review";
import { hasFired } from "@/lib/orders/fire-time";
import { inRestaurantCodes, orderFireOffsets, stationLines, type StationsInput } from "@/lib/orders/station-progress";
import { storeTimeZones } from "@/lib/stores/time-zones";
import { buildTicket, type StationPart } from "./ticket";
import { findChannelName } from "@/lib/db/channel-directory";

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
    .select({ board: orders.board, details: orders.details, summary: orders.summary, channelId: orders.channelId })
    .from(orders)
    .where(and(eq(orders.id, order.orderId), eq(orders.storeId, order.storeId)));
  if (!row) return 0;
  const channel = await ticketChannel(tx, row.channelId);
  const timeZone = (await storeTimeZones(tx, [order.storeId])).get(order.storeId) ?? "America/Sao_Paulo";
  const review = toOrderReview(row.details);
  // Lines that cannot be routed (no summary, or one that does not match the details' items) are
  // printed whole on every printer: a station printer printing too much beats one printing nothing.
  const lines = row.summary?.lines;
  const routable = !!lines && (!review || review.items.length === lines.length);
  // A station printer prints at the confirm the lines that fire at the order's start; its held
  // lines print when they fire (enqueueFiredJobs).
  const parts =
    routable && printers.some((printer) => printer.stationId !== null)
      ? await stationParts(tx, order.storeId, row.channelId, lines, (offset) => offset === 0)
      : null;
  const jobs = printers.flatMap((printer) => {
    const part = printer.stationId === null ? undefined : parts?.get(printer.stationId);
    // A station of the store with no line in this order: nothing to print there.
    if (part === null) return [];
    return [{ printerId: printer.id, ticket: buildTicket(row.board, review, now, timeZone, part, channel) }];
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
 * Each station of the store → its part of the order that fires when `fires(offset)` says (its
 * lines' fire offsets, hold and fire), or null when it has none of it then. Routed as the board
 * routes (the projection's router over the order's every line, as a station's bump); a station's
 * place ("1 of 2") counts the stations that make any of the order.
 */
function stationPartsOf(
  stations: StationsInput | undefined,
  lines: readonly KitchenLine[],
  fires: (offset: number) => boolean,
): Map<number, StationPart | null> {
  const parts = new Map<number, StationPart | null>();
  if (!stations) return parts;
  const offsets = orderFireOffsets(lines, stations);
  const making = stations.list
    .map((station) => ({ station, lines: stationLines(lines, stations.route, station.id) }))
    .filter((entry) => entry.lines.length > 0);
  for (const station of stations.list) parts.set(station.id, null);
  making.forEach(({ station, lines: mine }, index) => {
    const firing = mine.filter((line) => fires(offsets[line]!));
    if (firing.length > 0)
      parts.set(station.id, { name: station.name, index: index + 1, count: making.length, lines: firing });
  });
  return parts;
}

async function stationParts(
  tx: DatabaseTransaction,
  storeId: string,
  channelId: string,
  lines: readonly KitchenLine[],
  fires: (offset: number) => boolean,
): Promise<Map<number, StationPart | null>> {
  const stations = (await stationsOfStores(tx, [storeId])).get(storeId);
  return stationPartsOf(stations, inRestaurantCodes(lines, stations, channelId), fires);
}

/**
 * Hold and fire, printed (issue 27 point 11): a station printer's held lines print when they
 * fire, not at the confirm. Run by the print worker on its clock: for every order in preparation
 * of a store with station printers, each station's lines whose fire time (the order's start, its
 * card's `stageSince`, plus the line's offset) has come get one job per printer and fire offset.
 * The job's key (order, printer, fire minute) makes it once: two instances running this at the
 * same time insert one row, the other's insert does nothing. A cancelled or finished order is no
 * longer in preparation: its held lines never print.
 */
export async function enqueueFiredJobs(db: Database, now: Date): Promise<number> {
  const printers = await db
    .select({ id: storePrinters.id, storeId: storePrinters.storeId, stationId: storePrinters.stationId })
    .from(storePrinters)
    .where(and(eq(storePrinters.enabled, true), isNotNull(storePrinters.stationId)));
  if (printers.length === 0) return 0;
  const storeIds = [...new Set(printers.map((printer) => printer.storeId))];
  const cooking = await db
    .select({
      id: orders.id,
      storeId: orders.storeId,
      channelId: orders.channelId,
      board: orders.board,
      summary: orders.summary,
    })
    .from(orders)
    .where(and(inArray(orders.storeId, storeIds), eq(orders.boardColumn, "preparing")));
  const stations = await stationsOfStores(db, storeIds);
  // Each order's held lines due now, by fire offset, before anything else is read.
  const due = cooking.flatMap((order) => {
    const input = stations.get(order.storeId);
    const start = Date.parse(order.board.stageSince ?? "");
    const lines = order.summary?.lines && inRestaurantCodes(order.summary.lines, input, order.channelId);
    if (!input || !lines || !Number.isFinite(start)) return [];
    const offsets = orderFireOffsets(lines, input);
    const fired = [...new Set(offsets)].filter((offset) => offset > 0 && hasFired(start, offset, now.getTime()));
    return fired.length === 0 ? [] : [{ order, input, lines, start, fired }];
  });
  if (due.length === 0) return 0;
  const queued = await db
    .select({ orderId: printJobs.orderId, printerId: printJobs.printerId, fireMinute: printJobs.fireMinute })
    .from(printJobs)
    .where(
      and(
        inArray(printJobs.storeId, storeIds),
        inArray(
          printJobs.orderId,
          due.map(({ order }) => order.id),
        ),
      ),
    );
  const done = new Set(queued.map((job) => `${job.orderId}:${job.printerId}:${job.fireMinute}`));
  let inserted = 0;
  for (const { order, input, lines, start, fired } of due) {
    // The station parts each missing (printer, offset) prints, before anything more is read: a
    // printer whose station makes none of the lines firing then has nothing to print, ever.
    const toPrint = printers.flatMap((printer) =>
      printer.storeId !== order.storeId
        ? []
        : fired.flatMap((offset) => {
            if (done.has(`${order.id}:${printer.id}:${offset}`)) return [];
            const part = stationPartsOf(input, lines, (lineOffset) => lineOffset === offset).get(printer.stationId!);
            return part ? [{ printer, offset, part }] : [];
          }),
    );
    if (toPrint.length === 0) continue;
    const [row] = await db
      .select({ details: orders.details, channelId: orders.channelId })
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.storeId, order.storeId)));
    const review = toOrderReview(row?.details);
    // An order whose lines could not be routed printed whole at the confirm: nothing is held.
    if (review && review.items.length !== lines.length) continue;
    const timeZone = (await storeTimeZones(db, [order.storeId])).get(order.storeId) ?? "America/Sao_Paulo";
    const channel = row ? await ticketChannel(db, row.channelId) : undefined;
    const jobs = toPrint.map(({ printer, offset, part }) => ({
      storeId: order.storeId,
      printerId: printer.id,
      orderId: order.id,
      fireMinute: offset,
      ticket: buildTicket(order.board, review, new Date(start), timeZone, part, channel),
      createdAt: new Date(start + offset * 60_000),
      nextAttemptAt: now,
    }));
    const rows = await db.insert(printJobs).values(jobs).onConflictDoNothing().returning({ id: printJobs.id });
    inserted += rows.length;
  }
  return inserted;
}

/** What a ticket names of its order's channel: nothing for a one-platform kitchen (its tickets stay as they were). */
async function ticketChannel(db: Database, channelId: string) {
  const channel = await findChannelName(db, channelId);
  // An own order (no platform: Balcão, Telefone…) always says where it came from.
  return channel && (channel.siblings >= 2 || channel.kind === "own")
    ? { label: channel.label, platform: channel.platform }
    : undefined;
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
