import "server-only";
import { eq } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { stores, type PizzaPricing } from "@/lib/db/schema";

/** What taking an own order needs of its restaurant (issue 30). */
export interface OwnOrderSettings {
  name: string;
  timeZone: string | null;
  pizzaPricing: PizzaPricing;
  defaultPreparationMinutes: number;
}

export async function ownOrderSettingsOf(
  db: Database | DatabaseTransaction,
  storeId: string,
): Promise<OwnOrderSettings | undefined> {
  const [row] = await db
    .select({
      name: stores.name,
      timeZone: stores.timeZone,
      pizzaPricing: stores.pizzaPricing,
      defaultPreparationMinutes: stores.defaultPreparationMinutes,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row;
}

/** How the restaurant prices a pizza of several flavours on its own channels. */
export async function setPizzaPricing(db: Database, storeId: string, pizzaPricing: PizzaPricing): Promise<void> {
  await db.update(stores).set({ pizzaPricing, updatedAt: new Date() }).where(eq(stores.id, storeId));
}
