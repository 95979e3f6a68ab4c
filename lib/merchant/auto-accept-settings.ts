import "server-only";
import { eq } from "drizzle-orm";
import { autoAcceptSchema, type AutoAcceptSettings } from "@/lib/contract/merchant-state";
import type { Database } from "@/lib/db";
import { merchantControls } from "@/lib/db/schema";
import { readControls } from "./controls";

// A store's auto-accept settings, kept as JSON on its merchant_controls row (parsed on read:
// a row written by an older version never reaches the decision unchecked).

export async function readAutoAccept(db: Database, storeId: string): Promise<AutoAcceptSettings | null> {
  const row = await readControls(db, storeId);
  const parsed = autoAcceptSchema.safeParse(row.autoAccept);
  return parsed.success ? parsed.data : null;
}

export async function saveAutoAccept(db: Database, storeId: string, settings: AutoAcceptSettings, now: Date) {
  await readControls(db, storeId);
  await db
    .update(merchantControls)
    .set({ autoAccept: settings, updatedAt: now })
    .where(eq(merchantControls.storeId, storeId));
}
