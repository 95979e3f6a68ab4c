import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { orderActions } from "@/lib/db/schema";

export interface AuditEntry {
  action: string;
  outcome: string;
  /** The staff member recorded for it. */
  actor: string | null;
  at: string;
}

/** Who did what to an order, oldest first. */
export async function getOrderAudit(orderId: string): Promise<AuditEntry[]> {
  const rows = await (await getDb())
    .select()
    .from(orderActions)
    .where(eq(orderActions.orderId, orderId))
    .orderBy(asc(orderActions.requestedAt), asc(orderActions.id));
  return rows.map((row) => ({ action: row.action, outcome: row.outcome, actor: row.actor, at: row.completedAt.toISOString() }));
}
