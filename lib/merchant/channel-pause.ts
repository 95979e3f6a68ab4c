import "server-only";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channelPauses, channels } from "@/lib/db/schema";
import { PAUSE_END_ACTOR } from "@/lib/contract/merchant-state";
import { AppError } from "@/lib/errors";
import { enqueue, logChange, pauseEnd, readControls, type ControlActor, type PauseMinutes } from "./controls";

// One channel paused on its own (issue 28): its platform alone is told the restaurant is closed,
// e.g. because that platform's couriers are late, while the other channels keep taking orders.
// The same lengths, reason, audit and outbox as the restaurant's pause (./controls.ts); the
// channel's merchant document says UNAVAILABLE while the restaurant or the channel is paused.

/** A platform channel of this restaurant; any other id (another restaurant's channel included) is a 404. */
async function platformChannel(db: Database, storeId: string, channelId: string) {
  const [channel] = await db
    .select({ id: channels.id, label: channels.label })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.restaurantId, storeId), eq(channels.kind, "platform")));
  if (!channel) throw new AppError("not_found", "This restaurant has no such platform channel.");
  return channel;
}

/** Pauses one channel; pausing a paused channel changes nothing (two tablets give one pause). */
export async function pauseChannel(
  db: Database,
  storeId: string,
  channelId: string,
  input: { minutes: PauseMinutes; reason: string } & ControlActor,
  now: Date,
): Promise<{ alreadyPaused: boolean }> {
  const channel = await platformChannel(db, storeId, channelId);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(channelPauses)
      .values({
        channelId,
        storeId,
        pausedUntil: pauseEnd(input.minutes, now),
        reason: input.reason,
        pausedBy: input.actor,
        pausedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return { alreadyPaused: true };
    await enqueue(tx, storeId, { merchantStatus: "UNAVAILABLE" }, now, eq(channels.id, channelId));
    const detail = { minutes: input.minutes, reason: input.reason, channelId, channel: channel.label };
    await logChange(tx, storeId, "pause", input, detail, now);
    return { alreadyPaused: false };
  });
}

/**
 * Reopens one channel (by hand, or because its pause ended). Its platform is told AVAILABLE only
 * while the restaurant is open: a paused restaurant stays closed on every channel.
 */
export async function resumeChannel(
  db: Database,
  storeId: string,
  channelId: string,
  by: ControlActor,
  now: Date,
): Promise<{ resumed: boolean }> {
  const channel = await platformChannel(db, storeId, channelId);
  const { paused: restaurantPaused } = await readControls(db, storeId);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(channelPauses)
      .where(and(eq(channelPauses.channelId, channelId), eq(channelPauses.storeId, storeId)))
      .returning();
    if (deleted.length === 0) return { resumed: false };
    if (!restaurantPaused) await enqueue(tx, storeId, { merchantStatus: "AVAILABLE" }, now, eq(channels.id, channelId));
    await logChange(tx, storeId, "resume", by, { channelId, channel: channel.label }, now);
    return { resumed: true };
  });
}

/** Channels whose pause has ended by `now`, reopened; returns their ids. */
export async function resumeEndedChannelPauses(db: Database, now: Date): Promise<string[]> {
  const ended = await db.select().from(channelPauses).where(lte(channelPauses.pausedUntil, now));
  const resumed: string[] = [];
  for (const { storeId, channelId } of ended) {
    const done = await resumeChannel(db, storeId, channelId, { actor: PAUSE_END_ACTOR }, now).catch(() => null);
    if (done?.resumed) resumed.push(channelId);
  }
  return resumed;
}

/** The restaurant's platform channels with their own pause, for the board's pause control. */
export async function channelPauseStates(db: Database, storeId: string) {
  const rows = await db
    .select({
      id: channels.id,
      label: channels.label,
      pausedUntil: channelPauses.pausedUntil,
      pauseReason: channelPauses.reason,
      pausedAt: channelPauses.pausedAt,
    })
    .from(channels)
    .leftJoin(channelPauses, eq(channelPauses.channelId, channels.id))
    .where(and(eq(channels.restaurantId, storeId), eq(channels.kind, "platform"), eq(channels.enabled, true)))
    .orderBy(asc(channels.label));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    paused: row.pausedAt !== null,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    pauseReason: row.pauseReason,
  }));
}
