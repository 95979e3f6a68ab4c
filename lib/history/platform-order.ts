import "server-only";
import type { Database } from "@/lib/db";
import { adminClientFor } from "@/lib/stores/admin-client";
import type { AdminOrder } from "@/lib/platform/admin/schemas";
import { loadEnabledChannels } from "@/lib/stores/config";
import { PLATFORM_LIMITS } from "./platform-orders";

export type PlatformOrderLookup =
  { found: true; order: AdminOrder } | { found: false; reason: "notListed" | "notConfigured" | "failed" };

/**
 * An order only the platform has, as its admin list says it (the list is all the platform
 * offers about it). The history links carry the order's time and channel, so one narrow window
 * of that channel's list finds it without paging through its whole history. The channel must be
 * the restaurant's (the caller checked the viewer may see the restaurant); without one, the
 * restaurant's channel of the same id (every channel of before 0020).
 */
export async function findPlatformOrder(
  db: Database,
  storeId: string,
  orderId: string,
  placedAt: Date,
  channelId: string = storeId,
): Promise<PlatformOrderLookup> {
  try {
    // Inside the try: a store whose credentials cannot be read (another SECRETS_KEY) fails softly too.
    const config = (await loadEnabledChannels(db)).find(
      (channel) => channel.id === channelId && channel.restaurantId === storeId,
    );
    const client = config ? adminClientFor(db, config) : null;
    if (!client) return { found: false, reason: "notConfigured" };
    const result = await client.listOrders(
      {
        createdFrom: new Date(placedAt.getTime() - 60_000),
        createdTo: new Date(placedAt.getTime() + 60_000),
        limit: PLATFORM_LIMITS.pageSize,
      },
      PLATFORM_LIMITS.requestTimeoutMs,
    );
    // Comanda's ids carry the connection's prefix (as the history's list does).
    const order = result.orders.find((listed) => `${config!.orderIdPrefix}${listed.id}` === orderId);
    return order ? { found: true, order: { ...order, id: orderId } } : { found: false, reason: "notListed" };
  } catch {
    return { found: false, reason: "failed" };
  }
}
