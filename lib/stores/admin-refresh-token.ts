import "server-only";
import { and, eq, is, sql } from "drizzle-orm";
import { NodePgDatabase } from "drizzle-orm/node-postgres";
import { decryptSecret, encryptSecret } from "./secrets";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";
import type { RefreshTokenStore } from "@/lib/platform/token-source";

/** The advisory lock namespace of refresh-token rotations (the key: the store's id hashed). */
const ROTATION_LOCK = 7_235_010;

/**
 * The store's row in the database, token encrypted at rest. A row whose token cannot be
 * decrypted (SECRETS_KEY changed) reads as "no token": the password grant starts a new chain.
 */
export function databaseRefreshTokenStore(db: Database, storeId: string): RefreshTokenStore {
  return {
    async load() {
      const [row] = await db
        .select({ token: stores.adminRefreshTokenEncrypted, expiresAt: stores.adminRefreshTokenExpiresAt })
        .from(stores)
        .where(eq(stores.id, storeId));
      if (!row?.token || !row.expiresAt) return null;
      try {
        return { token: decryptSecret(row.token), expiresAt: row.expiresAt, version: row.token };
      } catch {
        return null;
      }
    },
    async save({ token, expiresAt }) {
      const updated = await db
        .update(stores)
        .set({ adminRefreshTokenEncrypted: encryptSecret(token), adminRefreshTokenExpiresAt: expiresAt })
        .where(eq(stores.id, storeId))
        .returning({ id: stores.id });
      if (updated.length === 0)
        throw new Error(`Store ${storeId} is not in the database: its refresh token cannot be kept`);
    },
    exclusive(rotation) {
      // One PGlite database has one process: its token source already runs one rotation at a time.
      if (!is(db, NodePgDatabase)) return rotation();
      // Held by this transaction's connection while the rotation's own queries use others.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ROTATION_LOCK}, hashtext(${storeId}))`);
        return rotation();
      });
    },
    async clear(version) {
      await db
        .update(stores)
        .set({ adminRefreshTokenEncrypted: null, adminRefreshTokenExpiresAt: null })
        .where(
          and(
            eq(stores.id, storeId),
            version === undefined ? undefined : eq(stores.adminRefreshTokenEncrypted, version),
          ),
        );
    },
  };
}
