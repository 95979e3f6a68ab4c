import "server-only";
import { and, eq } from "drizzle-orm";
import {
  findQuarantinedEvent,
  newerQuarantine,
  quarantinedEventBody,
  removeQuarantinedEvent,
} from "@/lib/db/quarantined-events";
import { platformEvents } from "@/lib/db/schema";
import { platformEventSchema } from "@/lib/platform/interchange/schemas";
import { ingestEvents } from "./ingest";
import type { IngestContext } from "./ingest-context";

export type QuarantineRetry =
  /** The event is stored now; its quarantine row is gone and its order is on the board. */
  | { outcome: "stored" }
  /** Still cannot be stored: kept (as a new row) with this reason. */
  | { outcome: "quarantined"; reason: string }
  /** Its order's details could not be read now: kept as it was, try again later. */
  | { outcome: "deferred" }
  /** What was kept is not an event Comanda can read: kept as it was, for the record. */
  | { outcome: "unreadable" };

/**
 * Runs one quarantined event through ingest again (after a fix, or once a transient refusal has
 * passed). The row goes only once the event is stored or quarantined anew, so a retry that fails
 * half-way loses nothing. Null when the store has no such row.
 */
export async function retryQuarantinedEvent(ctx: IngestContext, id: number): Promise<QuarantineRetry | null> {
  const row = await findQuarantinedEvent(ctx.db, ctx.storeId, id);
  if (!row) return null;
  let body: unknown;
  try {
    body = quarantinedEventBody(row);
  } catch {
    return { outcome: "unreadable" };
  }
  const event = platformEventSchema.safeParse(body);
  if (!event.success) return { outcome: "unreadable" };

  await ingestEvents({ ...ctx, channels: new Map([[ctx.channelId, ctx.storeId]]) }, [event.data]);
  const [stored] = await ctx.db
    .select({ eventId: platformEvents.eventId })
    .from(platformEvents)
    .where(and(eq(platformEvents.storeId, ctx.storeId), eq(platformEvents.eventId, event.data.eventId)));
  if (stored) {
    await removeQuarantinedEvent(ctx.db, ctx.storeId, id);
    return { outcome: "stored" };
  }
  const again = await newerQuarantine(ctx.db, ctx.storeId, event.data.eventId, id);
  if (!again) return { outcome: "deferred" };
  await removeQuarantinedEvent(ctx.db, ctx.storeId, id);
  return { outcome: "quarantined", reason: again.reason };
}
