import "server-only";
import { eq } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";

export interface StoredRefreshToken {
  token: string;
  expiresAt: Date;
}

/** Where a store's admin refresh token lives between rotations (and restarts). */
export interface RefreshTokenStore {
  load(): Promise<StoredRefreshToken | null>;
  save(token: StoredRefreshToken): Promise<void>;
  clear(): Promise<void>;
}

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
        return { token: decryptSecret(row.token), expiresAt: row.expiresAt };
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
      if (updated.length === 0) throw new Error(`Store ${storeId} is not in the database: its refresh token cannot be kept`);
    },
    async clear() {
      await db.update(stores).set({ adminRefreshTokenEncrypted: null, adminRefreshTokenExpiresAt: null }).where(eq(stores.id, storeId));
    },
  };
}
