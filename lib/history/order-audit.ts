import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import type { BoardOrder } from "@/lib/contract/board";
import { findStoreName } from "@/lib/stores/directory";
import { findChannelName, type ChannelName } from "@/lib/db/channel-directory";

/** One line of an order's audit: a platform event, or what staff asked and what came back. */
export type AuditEntry =
  | {
      kind: "event";
      at: string;
      receivedAt: string;
      name: string;
      eventId: string;
      metadata: Record<string, unknown> | null;
    }
  | {
      kind: "action";
      at: string;
      completedAt: string;
      name: string;
      outcome: string;
      actor: string | null;
      sent: unknown;
      responseStatus: number | null;
      response: unknown;
    };

export interface OrderAudit {
  order: BoardOrder;
  storeId: string;
  storeName: string;
  /** The channel the order came from (issue 28); null when the channel is gone. */
  channel: ChannelName | null;
  phone: string | null;
  details: unknown;
  detailsError: string | null;
  entries: AuditEntry[];
}

const metadataOf = (payload: unknown): Record<string, unknown> | null => {
  if (!payload || typeof payload !== "object") return null;
  const metadata = (payload as { metadata?: unknown }).metadata;
  return metadata && typeof metadata === "object" && !Array.isArray(metadata)
    ? (metadata as Record<string, unknown>)
    : null;
};

/**
 * Everything Comanda knows about one order, for the manager: the card, the platform's details as
 * received, and every event and staff action oldest first — with who, when, what was sent to the
 * platform and what it answered. Null when Comanda has no such order.
 */
export async function loadOrderAudit(db: Database, orderId: string): Promise<OrderAudit | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [storeName, channel, events, actions] = await Promise.all([
    findStoreName(db, order.storeId),
    findChannelName(db, order.channelId),
    db
      .select()
      .from(platformEvents)
      .where(and(eq(platformEvents.storeId, order.storeId), eq(platformEvents.orderId, orderId)))
      .orderBy(asc(platformEvents.occurredAt)),
    db
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.storeId, order.storeId), eq(orderActions.orderId, orderId)))
      .orderBy(asc(orderActions.requestedAt)),
  ]);
  const entries: AuditEntry[] = [
    ...events.map((event): AuditEntry => ({
      kind: "event",
      at: event.occurredAt.toISOString(),
      receivedAt: event.receivedAt.toISOString(),
      name: event.eventType,
      eventId: event.eventId,
      metadata: metadataOf(event.payload),
    })),
    ...actions.map((action): AuditEntry => ({
      kind: "action",
      // When staff asked: the platform's event for it follows, not precedes, the action.
      at: action.requestedAt.toISOString(),
      completedAt: action.completedAt.toISOString(),
      name: action.action,
      outcome: action.outcome,
      actor: action.actor,
      sent: action.requestBody,
      responseStatus: action.responseStatus,
      response: action.responseBody,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const details = order.details as { customer?: { phone?: { number?: unknown } } } | null;
  const phone = typeof details?.customer?.phone?.number === "string" ? details.customer.phone.number : null;
  return {
    order: order.board,
    storeId: order.storeId,
    storeName: storeName ?? order.storeId,
    channel,
    phone,
    details: order.details,
    detailsError: order.detailsError,
    entries,
  };
}
