import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { authThrottle } from "@/lib/db/schema";

export interface Limit {
  /** Failures allowed within the window before the key is locked. */
  max: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;

/** The throttled keys, in one place: the limits count them, and a manager's unlock clears them. */
export const throttleKey = {
  signInAccount: (normalizedEmail: string) => `signin:account:${normalizedEmail}`,
  signInAddress: (address: string) => `signin:address:${address}`,
  pinAccount: (userId: number) => `pin:account:${userId}`,
  pinStore: (storeId: string) => `pin:store:${storeId}`,
};

export const LIMITS = {
  /** Per account (email, whether or not it exists). */
  account: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Per client address: looser, since a restaurant's staff often share one address. */
  address: { max: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /**
   * Per signed-in account (a tablet, or a shared kitchen account), whatever its sessions: 10 wrong
   * PINs lock its keypad for 5 minutes (≈120 guesses an hour); signing in again does not reset it.
   */
  pin: { max: 10, windowMs: 15 * MINUTE, lockMs: 5 * MINUTE },
  /** Per store, over all its tablets and accounts: more tablets or accounts buy no more guesses. */
  pinStore: { max: 30, windowMs: 15 * MINUTE, lockMs: 5 * MINUTE },
} satisfies Record<string, Limit>;

/** The latest lock among these keys, or null when none is locked. */
export async function lockedUntil(db: Database, keys: string[], now = new Date()): Promise<Date | null> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  const locks = rows.map((row) => row.lockedUntil).filter((until): until is Date => !!until && until > now);
  return locks.length === 0 ? null : new Date(Math.max(...locks.map((d) => d.getTime())));
}

/** Counts a failure; locks the key when it reaches the limit within the window. */
export async function recordFailure(db: Database, key: string, limit: Limit, now = new Date()): Promise<void> {
  const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const windowStart = ts(new Date(now.getTime() - limit.windowMs));
  const lockEnd = ts(new Date(now.getTime() + limit.lockMs));
  // One statement: concurrent failures cannot both read "4" and write "5".
  await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: limit.max <= 1 ? new Date(now.getTime() + limit.lockMs) : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then ${ts(now)} else ${authThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${authThrottle.windowStartedAt} >= ${windowStart} and ${authThrottle.failures} + 1 >= ${limit.max} then ${lockEnd} else ${authThrottle.lockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Database, ...keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Each locked key among these, with when its lock ends. */
export async function locksOf(db: Database, keys: string[], now = new Date()): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  return new Map(
    rows.flatMap((row) => (row.lockedUntil && row.lockedUntil > now ? [[row.key, row.lockedUntil] as const] : [])),
  );
}
