import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";

// Which board prints an auto-accepted order's ticket: the first that claims it. Every board that
// prints on confirm asks once per order; only the first ask is granted, so two tablets (or two
// tabs) set to print on confirm give one ticket — whichever instance each tablet reaches: the
// claim is a conditional write on the order's row (set once, never cleared), so PostgreSQL grants
// it once, and it lasts as long as the order.

/** True for the first claim of the store's order, false after (or for an order it does not have). */
export async function claimAutoPrint(db: Database, storeId: string, orderId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ autoPrintClaimedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), isNull(orders.autoPrintClaimedAt)))
    .returning({ id: orders.id });
  return claimed.length > 0;
}
