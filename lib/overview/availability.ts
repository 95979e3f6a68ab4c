import "server-only";
import { inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { merchantControls } from "@/lib/db/schema";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import { openAt } from "@/lib/platform/store-api/hours";

/** Whether a store takes orders now, as Comanda tells the platform. */
export type Availability = "open" | "paused" | "closed";

/**
 * A store's availability for the chain overview: paused by its merchant controls, else closed or
 * open by the business hours of its imported menu. Null when nothing is known (no menu imported
 * yet and not paused): the overview then shows only the connection rather than guess.
 */
export async function storeAvailability(
  db: Database,
  storeIds: readonly string[],
  now: Date,
): Promise<Map<string, Availability | null>> {
  const rows =
    storeIds.length === 0
      ? []
      : await db
          .select({ storeId: merchantControls.storeId, paused: merchantControls.paused, menu: merchantControls.menu })
          .from(merchantControls)
          .where(inArray(merchantControls.storeId, [...storeIds]));
  const byStore = new Map(rows.map((row) => [row.storeId, row]));
  return new Map(
    storeIds.map((id) => {
      const row = byStore.get(id);
      if (row?.paused) return [id, "paused"];
      const hours = (row?.menu as ImportedMenu | null | undefined)?.store.businessHours;
      if (!hours) return [id, null];
      return [id, openAt(hours, now) ? "open" : "closed"];
    }),
  );
}
