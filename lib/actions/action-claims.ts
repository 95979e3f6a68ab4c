import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db/client";
import { actionClaims, orderActions } from "@/lib/db/schema";

/**
 * Two identical taps on two instances make one platform call. Before calling the platform, an
 * instance claims (store, order, action) in the database; an instance that finds the claim taken
 * waits for its outcome (the claim disappears when the outcome is recorded) and answers with it.
 * A claim older than `staleMs` belonged to an instance that died mid-call: it is taken over.
 * Within one instance, identical requests already join in memory (order-actions.ts).
 */
export interface ActionKey {
  storeId: string;
  orderId: string;
  action: string;
}

const where = (key: ActionKey) =>
  and(
    eq(actionClaims.storeId, key.storeId),
    eq(actionClaims.orderId, key.orderId),
    eq(actionClaims.action, key.action),
  );

/** Claims the action at `at`; false when another instance's live claim holds it. */
export async function claimAction(db: Database, key: ActionKey, at: Date, staleMs: number): Promise<boolean> {
  const claimed = await db
    .insert(actionClaims)
    .values({ ...key, claimedAt: at })
    .onConflictDoUpdate({
      target: [actionClaims.storeId, actionClaims.orderId, actionClaims.action],
      set: { claimedAt: at },
      setWhere: lt(actionClaims.claimedAt, new Date(at.getTime() - staleMs)),
    })
    .returning({ claimedAt: actionClaims.claimedAt });
  return claimed.length > 0;
}

/**
 * Lets the claim taken at `claimedAt` go; inside the transaction that records a success, so waiters
 * then see it. Only that claim: a holder slower than the stale limit finds its claim taken over,
 * and must not delete its successor's.
 */
export async function releaseAction(
  db: Database | DatabaseTransaction,
  key: ActionKey,
  claimedAt: Date,
): Promise<void> {
  await db.delete(actionClaims).where(and(where(key), eq(actionClaims.claimedAt, claimedAt)));
}

/**
 * Waits (polling every `everyMs`) until no claim holds the action, at most `maxMs`, then gives the
 * outcome its holder recorded: "succeeded", "rejected" (422), "failed", or null when none was
 * recorded (the holder died, or the wait ran out). The holder records its attempt with the claim's
 * time as `requested_at` (one clock: the holder's), which is how its row is told from older ones.
 */
export async function outcomeOfClaimed(
  db: Database,
  key: ActionKey,
  { maxMs, everyMs = 100 }: { maxMs: number; everyMs?: number },
): Promise<string | null> {
  const deadline = Date.now() + maxMs;
  let since: Date | undefined;
  for (;;) {
    const [held] = await db.select({ at: actionClaims.claimedAt }).from(actionClaims).where(where(key));
    if (!held) break;
    since ??= held.at;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  // Let go before we looked: its outcome is the newest row of the action.
  if (since === undefined) since = new Date(0);
  const [latest] = await db
    .select({ outcome: orderActions.outcome })
    .from(orderActions)
    .where(
      and(
        eq(orderActions.storeId, key.storeId),
        eq(orderActions.orderId, key.orderId),
        eq(orderActions.action, key.action),
        gte(orderActions.requestedAt, since),
      ),
    )
    .orderBy(desc(orderActions.completedAt), desc(sql`${orderActions.id}`))
    .limit(1);
  return latest?.outcome ?? null;
}
