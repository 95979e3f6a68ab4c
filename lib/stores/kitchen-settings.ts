import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import type { KitchenSettings, PacingSettings } from "@/lib/contract/kitchen-settings";
import type { PizzaPricing } from "@/lib/db/schema";
import type { Database } from "@/lib/db";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrders } from "@/lib/db/order-writes";
import { orders, stores } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

/** A store's whole kitchen settings: pacing and the pizza rule always included. */
type WholeKitchenSettings = KitchenSettings & { pacing: PacingSettings; pizzaPricing: PizzaPricing };

/** A store's kitchen settings (404 when there is no such store). */
export async function getKitchenSettings(db: Database, storeId: string): Promise<WholeKitchenSettings> {
  const [row] = await db
    .select({
      preparationMinutes: stores.defaultPreparationMinutes,
      reportPreparing: stores.reportPreparing,
      enabled: stores.pacingEnabled,
      capacity: stores.pacingCapacity,
      hardLimit: stores.pacingHardLimit,
      pizzaPricing: stores.pizzaPricing,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new AppError("not_found", "There is no such store.");
  const { enabled, capacity, hardLimit, ...kitchen } = row;
  return { ...kitchen, pacing: { enabled, capacity, hardLimit } };
}

/**
 * Saves them, then recomputes the store's active cards, which carry what the settings decide (the
 * "preparing" action, the timer of orders confirmed without a time), and announces them.
 */
export async function saveKitchenSettings(
  db: Database,
  storeId: string,
  settings: KitchenSettings,
): Promise<WholeKitchenSettings> {
  await writeBoard(db, async (tx) => {
    const updated = await tx
      .update(stores)
      .set({
        defaultPreparationMinutes: settings.preparationMinutes,
        reportPreparing: settings.reportPreparing,
        ...(settings.pacing
          ? {
              pacingEnabled: settings.pacing.enabled,
              pacingCapacity: settings.pacing.capacity,
              pacingHardLimit: settings.pacing.hardLimit,
            }
          : {}),
        ...(settings.pizzaPricing ? { pizzaPricing: settings.pizzaPricing } : {}),
        updatedAt: new Date(),
      })
      .where(eq(stores.id, storeId))
      .returning({ id: stores.id });
    if (updated.length === 0) throw new AppError("not_found", "There is no such store.");
    const active = await tx
      .select({ id: orders.id, storeId: orders.storeId })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), notInArray(orders.boardColumn, ["done", "cancelled"])));
    return reprojectOrders(tx, active);
  });
  return getKitchenSettings(db, storeId);
}
