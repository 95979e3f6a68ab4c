import "server-only";
import { and, eq, is, sql } from "drizzle-orm";
import { NodePgDatabase } from "drizzle-orm/node-postgres";
import { decryptSecret, encryptSecret } from "./secrets";
import type { Database } from "@/lib/db";
import { channels } from "@/lib/db/schema";
import type { RefreshTokenStore } from "@/lib/platform/token-source";

/** The advisory lock namespace of refresh-token rotations (the key: the channel's id hashed). */
const ROTATION_LOCK = 7_235_010;

/**
 * The channel's row in the database, token encrypted at rest. A row whose token cannot be
 * decrypted (SECRETS_KEY changed) reads as "no token": the password grant starts a new chain.
 */
export function databaseRefreshTokenStore(db: Database, channelId: string): RefreshTokenStore {
  return {
    async load() {
      const [row] = await db
        .select({ token: channels.adminRefreshTokenEncrypted, expiresAt: channels.adminRefreshTokenExpiresAt })
        .from(channels)
        .where(eq(channels.id, channelId));
      if (!row?.token || !row.expiresAt) return null;
      try {
        return { token: decryptSecret(row.token), expiresAt: row.expiresAt, version: row.token };
      } catch {
        return null;
      }
    },
    async save({ token, expiresAt }) {
      const updated = await db
        .update(channels)
        .set({ adminRefreshTokenEncrypted: encryptSecret(token), adminRefreshTokenExpiresAt: expiresAt })
        .where(eq(channels.id, channelId))
        .returning({ id: channels.id });
      if (updated.length === 0)
        throw new Error(`Channel ${channelId} is not in the database: its refresh token cannot be kept`);
    },
    exclusive(rotation) {
      // One PGlite database has one process: its token source already runs one rotation at a time.
      if (!is(db, NodePgDatabase)) return rotation();
      // Held by this transaction's connection while the rotation's own queries use others.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ROTATION_LOCK}, hashtext(${channelId}))`);
        return rotation();
      });
    },
    async clear(version) {
      await db
        .update(channels)
        .set({ adminRefreshTokenEncrypted: null, adminRefreshTokenExpiresAt: null })
        .where(
          and(
            eq(channels.id, channelId),
            version === undefined ? undefined : eq(channels.adminRefreshTokenEncrypted, version),
          ),
        );
    },
  };
}
