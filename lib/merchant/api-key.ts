import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { merchantControls } from "@/lib/db/schema";
import { readControls } from "./controls";

// The merchant endpoint's per-store apiKey (the standard's X-API-KEY): generated here, shown
// once, stored only as its SHA-256, compared in constant time. Rotating replaces it.

const digest = (key: string) => createHash("sha256").update(key, "utf8").digest();

/** A new key (32 random bytes, base64url); the previous one stops working at once. */
export async function rotateApiKey(db: Database, storeId: string, now: Date): Promise<string> {
  await readControls(db, storeId);
  const key = `odk_${randomBytes(32).toString("base64url")}`;
  await db
    .update(merchantControls)
    .set({ apiKeyHash: digest(key).toString("hex"), apiKeyCreatedAt: now, updatedAt: now })
    .where(eq(merchantControls.storeId, storeId));
  return key;
}

/** Constant time over the digests, so neither the key's length nor its prefix leaks. */
export function keyMatches(presented: string | null, storedHash: string | null): boolean {
  if (!presented || !storedHash) return false;
  const expected = Buffer.from(storedHash, "hex");
  const actual = digest(presented);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
