import "server-only";
import { and, eq } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "./secrets";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";

export interface StoredRefreshToken {
  token: string;
  expiresAt: Date;
  /** The stored form it was read from, so a clear does not wipe a newer rotation. */
  version?: string;
}

/** Where a store's admin refresh token lives between rotations (and restarts). */
export interface RefreshTokenStore {
  load(): Promise<StoredRefreshToken | null>;
  save(token: StoredRefreshToken): Promise<void>;
  /** Forgets the token; with `version`, only if it is still that one (another process may have rotated it). */
  clear(version?: string): Promise<void>;
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
