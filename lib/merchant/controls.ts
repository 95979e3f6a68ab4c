import "server-only";
import { and, asc, desc, eq, getTableColumns, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import {
  channelPauses,
  channels,
  merchantControlLog,
  merchantControls,
  merchantSoldOut,
  merchantUpdates,
} from "@/lib/db/schema";
import { PAUSE_END_ACTOR, type ControlChange, type PacingReason } from "@/lib/contract/merchant-state";
import { PACING_ACTOR } from "@/lib/orders/pacing";
import { AppError } from "@/lib/errors";
import type { ImportedMenu, MenuState } from "./document-ids";
import { availabilityIds, refName, type SoldOutRef } from "./menu-refs";
import { entityUpdates, merchantDocument } from "./document";
import { channelItemsOf } from "./menu-pairs";
import { queueItemOfferPatches } from "./item-offer-updates";

// A store's merchant controls in the database: pause (with its end), busy mode, sold out, and
// the merchantUpdate requests each change queues for the platform (sent by ./outbox.ts). Every
// function takes the clock's "now", so tests move time instead of sleeping. Pause, reopen and busy
// mode record who did it in merchant_control_log, people and pacing ("pacing") alike.

export type PauseMinutes = 15 | 30 | 60 | null;

async function ensureRow(db: Database, storeId: string): Promise<void> {
  await db.insert(merchantControls).values({ storeId }).onConflictDoNothing();
}

export async function readControls(db: Database, storeId: string) {
  await ensureRow(db, storeId);
  const [row] = await db.select().from(merchantControls).where(eq(merchantControls.storeId, storeId));
  if (!row) throw new Error("merchant_controls row missing");
  return row;
}

/**
 * Queues one merchantUpdate for each enabled platform channel of the restaurant (issue 28): each
 * platform is sent its own and retried on its own (./outbox.ts), so one platform down never holds
 * the others, and the board shows which have taken it. `only` narrows the channels (one channel's
 * pause, ./channel-pause.ts; a reopening that skips the channels paused on their own).
 */
export async function enqueue(
  db: Pick<Database, "execute">,
  storeId: string,
  body: unknown,
  now: Date,
  only: SQL = sql`true`,
) {
  await db.execute(sql`
    insert into ${merchantUpdates} (store_id, channel_id, body, next_attempt_at, created_at)
    select ${channels.restaurantId}, ${channels.id}, ${JSON.stringify(body)}::jsonb, ${now}, ${now}
    from ${channels}
    where ${channels.restaurantId} = ${storeId} and ${channels.kind} = 'platform' and ${channels.enabled}
      and ${only}`);
}

/** Channels not paused on their own: reopening the restaurant leaves those closed. */
const notPausedAlone = sql`not exists (select 1 from ${channelPauses} where ${channelPauses.channelId} = ${channels.id})`;

/** When a pause of these minutes started now ends (null: until reopened). */
export const pauseEnd = (minutes: PauseMinutes, now: Date) =>
  minutes === null ? null : new Date(now.getTime() + minutes * 60_000);

/** The restaurant's enabled platform channels, the ones `enqueue` sends to. */
async function platformChannels(db: Database, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.restaurantId, storeId), eq(channels.kind, "platform"), eq(channels.enabled, true)))
    .orderBy(asc(channels.id));
  return rows.map((row) => row.id);
}

/** Queues one merchantUpdate for one channel (what its catalogue has differs from another's). */
export async function enqueueFor(
  db: Pick<Database, "insert">,
  storeId: string,
  channelId: string,
  body: unknown,
  now: Date,
) {
  await db.insert(merchantUpdates).values({ storeId, channelId, body, nextAttemptAt: now, createdAt: now });
}

/** Who changed pause or busy mode, and why: a person's id, "pacing" with its load, or the pause's end. */
export interface ControlActor {
  actor: string;
  /** Set when pacing acts: the load it saw (the board's reason). */
  pacing?: PacingReason;
}

export function logChange(
  tx: Pick<Database, "insert">,
  storeId: string,
  change: "pause" | "resume" | "busy",
  by: ControlActor,
  detail: Record<string, unknown>,
  now: Date,
) {
  return tx
    .insert(merchantControlLog)
    .values({ storeId, at: now, actor: by.actor, change, detail: { ...detail, ...(by.pacing ?? {}) } });
}

/**
 * A person undoing what pacing turned on holds pacing off (lib/orders/pacing.ts, "held"): the SET
 * expression reads the row as it was, so the test and the change are one statement.
 */
const heldWhen = (by: ControlActor, pacingOwned: SQL) =>
  by.actor === PACING_ACTOR || by.actor === PAUSE_END_ACTOR
    ? merchantControls.pacingHeld
    : sql`(${merchantControls.pacingHeld} or ${pacingOwned})`;

/**
 * Pauses the store. Two tablets pausing at once give one pause: only the first UPDATE finds the
 * store open; the second sees it paused and changes nothing (and queues nothing).
 */
export async function pauseStore(
  db: Database,
  storeId: string,
  input: { minutes: PauseMinutes; reason: string } & ControlActor,
  now: Date,
): Promise<{ paused: boolean; pausedUntil: Date | null; alreadyPaused: boolean }> {
  await ensureRow(db, storeId);
  const until = pauseEnd(input.minutes, now);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(merchantControls)
      .set({
        paused: true,
        pausedUntil: until,
        pauseReason: input.reason,
        pausedBy: input.actor,
        pausedAt: now,
        updatedAt: now,
        ...(input.pacing ? { pacingReason: input.pacing } : {}),
      })
      .where(and(eq(merchantControls.storeId, storeId), eq(merchantControls.paused, false)))
      .returning();
    if (updated.length === 0) {
      const [row] = await tx.select().from(merchantControls).where(eq(merchantControls.storeId, storeId));
      return { paused: true, pausedUntil: row?.pausedUntil ?? null, alreadyPaused: true };
    }
    await enqueue(tx, storeId, { merchantStatus: "UNAVAILABLE" }, now);
    await logChange(tx, storeId, "pause", input, { minutes: input.minutes, reason: input.reason }, now);
    return { paused: true, pausedUntil: until, alreadyPaused: false };
  });
}

/** Reopens the store (by hand, by pacing, or because its pause ended). Opening an open store changes nothing. */
export async function resumeStore(
  db: Database,
  storeId: string,
  by: ControlActor,
  now: Date,
): Promise<{ resumed: boolean }> {
  await ensureRow(db, storeId);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(merchantControls)
      .set({
        paused: false,
        pausedUntil: null,
        pauseReason: null,
        pausedBy: null,
        pausedAt: null,
        updatedAt: now,
        pacingHeld: heldWhen(by, sql`${merchantControls.pausedBy} = ${PACING_ACTOR}`),
        ...(by.pacing ? { pacingReason: by.pacing } : {}),
      })
      .where(
        and(
          eq(merchantControls.storeId, storeId),
          eq(merchantControls.paused, true),
          // Pacing reopens only its own pause, even one a person made between its read and this.
          by.actor === PACING_ACTOR ? eq(merchantControls.pausedBy, PACING_ACTOR) : undefined,
        ),
      )
      .returning();
    if (updated.length === 0) return { resumed: false };
    await enqueue(tx, storeId, { merchantStatus: "AVAILABLE" }, now, notPausedAlone);
    await logChange(tx, storeId, "resume", by, {}, now);
    return { resumed: true };
  });
}

/** Stores whose pause has ended by `now`, reopened; returns their ids (the board says so). */
export async function resumeEndedPauses(db: Database, now: Date): Promise<string[]> {
  const ended = await db
    .select({ storeId: merchantControls.storeId })
    .from(merchantControls)
    .where(and(eq(merchantControls.paused, true), lte(merchantControls.pausedUntil, now)));
  const resumed: string[] = [];
  for (const { storeId } of ended) {
    if ((await resumeStore(db, storeId, { actor: PAUSE_END_ACTOR }, now)).resumed) resumed.push(storeId);
  }
  return resumed;
}

/** Busy mode: N minutes added to the default preparation time (0 = off), set by a person or pacing. */
export async function setBusyMinutes(
  db: Database,
  storeId: string,
  minutes: number,
  by: ControlActor,
  now: Date,
): Promise<void> {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 120) {
    throw new AppError("bad_request", "Busy mode adds between 0 and 120 minutes.");
  }
  await ensureRow(db, storeId);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(merchantControls)
      .set({
        busyMinutes: minutes,
        busyBy: by.actor,
        updatedAt: now,
        pacingHeld: heldWhen(
          by,
          sql`(${merchantControls.busyBy} = ${PACING_ACTOR} and ${merchantControls.busyMinutes} > 0)`,
        ),
        ...(by.pacing ? { pacingReason: by.pacing } : {}),
      })
      .where(
        and(
          eq(merchantControls.storeId, storeId),
          // Pacing never overwrites a person's busy mode, even one set between its read and this.
          by.actor === PACING_ACTOR
            ? or(eq(merchantControls.busyMinutes, 0), eq(merchantControls.busyBy, PACING_ACTOR))
            : undefined,
        ),
      )
      .returning({ storeId: merchantControls.storeId });
    if (updated.length === 0) return;
    // The platform reads averagePreparationTime from the merchant document: ask it to read again.
    await enqueue(tx, storeId, {}, now);
    await logChange(tx, storeId, "busy", by, { minutes }, now);
  });
}

/** Pacing may act again (the load fell after a person undid an automatic change). */
export async function releasePacingHold(db: Database, storeId: string, now: Date): Promise<void> {
  await db
    .update(merchantControls)
    .set({ pacingHeld: false, updatedAt: now })
    .where(eq(merchantControls.storeId, storeId));
}

async function queueAvailability(
  db: Database,
  storeId: string,
  refs: SoldOutRef[],
  status: "AVAILABLE" | "UNAVAILABLE",
  now: Date,
) {
  const { menu } = await readControls(db, storeId);
  const imported = (menu as ImportedMenu | null) ?? null;
  if (!imported) return;
  const state = await menuState(db, storeId);
  const ids = availabilityIds(storeId, imported, refs);
  // Each channel is told about what its own document lists: an item its catalogue does not have
  // (not paired) is nothing to it, and the objects are its document's (./menu-pairs.ts).
  for (const channelId of await platformChannels(db, storeId)) {
    const pairs = await channelItemsOf(db, storeId, channelId);
    const document = merchantDocument(storeId, imported, state, now, channelId, pairs);
    const { offers, options } = entityUpdates(document, ids, status);
    if (offers.length > 0)
      await enqueueFor(db, storeId, channelId, { entityType: "ITEM_OFFER", updatedObjects: offers }, now);
    if (options.length > 0)
      await enqueueFor(db, storeId, channelId, { entityType: "OPTION", updatedObjects: options }, now);
  }
  // 2.0 has no merchantUpdate: an item's availability is its item offer's `status` there. Each
  // body is sent only in its own dialect (./outbox.ts).
  const items = refs.filter((ref) => ref.kind === "item").map((ref) => [ref.refId, { status }] as const);
  await queueItemOfferPatches(db, storeId, new Map(items), now);
}

/** Marks items or options sold out until `until` (null: until restocked); unknown ids are a 400. */
export async function markSoldOut(
  db: Database,
  storeId: string,
  refs: SoldOutRef[],
  options: { until: Date | null; actor: string },
  now: Date,
): Promise<void> {
  const { menu } = await readControls(db, storeId);
  const imported = (menu as ImportedMenu | null) ?? null;
  const rows = refs.map((ref) => {
    const name = refName(imported, ref);
    if (!name) throw new AppError("bad_request", `No ${ref.kind} ${ref.refId} on this store's imported menu.`);
    return {
      storeId,
      kind: ref.kind,
      refId: ref.refId,
      name,
      until: options.until,
      markedBy: options.actor,
      markedAt: now,
    };
  });
  if (rows.length === 0) return;
  await db
    .insert(merchantSoldOut)
    .values(rows)
    .onConflictDoUpdate({
      target: [merchantSoldOut.storeId, merchantSoldOut.kind, merchantSoldOut.refId],
      set: { until: sql`excluded.until`, markedBy: sql`excluded.marked_by`, markedAt: sql`excluded.marked_at` },
    });
  await queueAvailability(db, storeId, refs, "UNAVAILABLE", now);
}

export async function restock(db: Database, storeId: string, refs: SoldOutRef[], now: Date): Promise<void> {
  const removed: SoldOutRef[] = [];
  for (const ref of refs) {
    const rows = await db
      .delete(merchantSoldOut)
      .where(
        and(
          eq(merchantSoldOut.storeId, storeId),
          eq(merchantSoldOut.kind, ref.kind),
          eq(merchantSoldOut.refId, ref.refId),
        ),
      )
      .returning();
    if (rows.length > 0) removed.push(ref);
  }
  if (removed.length > 0) await queueAvailability(db, storeId, removed, "AVAILABLE", now);
}

/** Sold-out marks whose time has come are restocked (and the platform told). */
export async function restockExpired(db: Database, now: Date): Promise<void> {
  const due = await db.select().from(merchantSoldOut).where(lte(merchantSoldOut.until, now));
  const byStore = new Map<string, SoldOutRef[]>();
  for (const row of due)
    byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), { kind: row.kind, refId: row.refId }]);
  for (const [storeId, refs] of byStore) await restock(db, storeId, refs, now);
}

export async function soldOutList(db: Database, storeId: string) {
  return db
    .select()
    .from(merchantSoldOut)
    .where(eq(merchantSoldOut.storeId, storeId))
    .orderBy(asc(merchantSoldOut.name));
}

/**
 * The state the merchant document shows; with a channel, as that channel's platform reads it:
 * closed while the restaurant or that channel is paused.
 */
export async function menuState(db: Database, storeId: string, channelId?: string): Promise<MenuState> {
  const row = await readControls(db, storeId);
  const soldOut = await soldOutList(db, storeId);
  const channelPaused =
    channelId !== undefined &&
    (await db.select().from(channelPauses).where(eq(channelPauses.channelId, channelId))).length > 0;
  return {
    status: row.paused || channelPaused ? "UNAVAILABLE" : "AVAILABLE",
    soldOutItems: new Set(soldOut.filter((s) => s.kind === "item").map((s) => s.refId)),
    soldOutOptions: new Set(soldOut.filter((s) => s.kind === "option").map((s) => s.refId)),
    soldOutSizes: new Set(soldOut.filter((s) => s.kind === "size").map((s) => s.refId)),
    soldOutFlavors: new Set(soldOut.filter((s) => s.kind === "flavor").map((s) => s.refId)),
    busyMinutes: row.busyMinutes,
  };
}

/** A channel's merchantUpdate requests not yet acknowledged by its platform, oldest first. */
export async function pendingUpdates(db: Database, channelId: string) {
  return db
    .select()
    .from(merchantUpdates)
    .where(and(eq(merchantUpdates.channelId, channelId), isNull(merchantUpdates.acknowledgedAt)))
    .orderBy(asc(merchantUpdates.id));
}

/**
 * The restaurant's requests not yet acknowledged, every enabled channel's (the board's "not
 * confirmed"): a channel switched off is no longer sent anything, so its queue does not wait.
 */
export async function pendingRestaurantUpdates(db: Database, storeId: string) {
  return db
    .select(getTableColumns(merchantUpdates))
    .from(merchantUpdates)
    .innerJoin(channels, and(eq(channels.id, merchantUpdates.channelId), eq(channels.enabled, true)))
    .where(and(eq(merchantUpdates.storeId, storeId), isNull(merchantUpdates.acknowledgedAt)))
    .orderBy(asc(merchantUpdates.id));
}

/** The store's latest pause and busy-mode changes, newest first, with who made them. */
export async function recentControlChanges(db: Database, storeId: string, limit = 10): Promise<ControlChange[]> {
  const rows = await db
    .select()
    .from(merchantControlLog)
    .where(eq(merchantControlLog.storeId, storeId))
    .orderBy(desc(merchantControlLog.id))
    .limit(limit);
  return rows.map((row) => {
    const detail = row.detail as Partial<PacingReason> & { minutes?: number | null; channel?: string };
    const pacing =
      detail.load !== undefined && detail.capacity !== undefined && detail.hardLimit !== undefined
        ? { load: detail.load, capacity: detail.capacity, hardLimit: detail.hardLimit }
        : null;
    return {
      at: row.at.toISOString(),
      actor: row.actor,
      change: row.change,
      minutes: detail.minutes ?? null,
      pacing,
      // A channel paused or reopened on its own (./channel-pause.ts) is named.
      channel: detail.channel ?? null,
    };
  });
}
