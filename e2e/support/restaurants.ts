import "server-only";
import type { Database } from "@/lib/db/client";
import { channels, stores } from "@/lib/db/schema";
import { insertTestConnection, TEST_CONNECTION_ID } from "./database";

type RestaurantRow = typeof stores.$inferInsert;
type ChannelRow = typeof channels.$inferInsert;

/**
 * A restaurant as tests write it directly: its `stores` row (any column a test is about) and the
 * channel whose overrides are given (poll state, credentials, label…).
 */
export type TestRestaurant = RestaurantRow & { channel?: Partial<ChannelRow> };

/**
 * Inserts restaurants the way migration 0020 left every store of before: each with one platform
 * channel of the same id, its merchant on the TEST_CONNECTION_ID connection (inserted once), so
 * an order or event whose channel is its restaurant's id belongs somewhere real.
 */
export async function insertRestaurant(db: Database, ...restaurants: TestRestaurant[]): Promise<void> {
  if (restaurants.length === 0) return;
  await insertTestConnection(db);
  await db.insert(stores).values(
    restaurants.map((restaurant) => {
      const row: RestaurantRow & { channel?: unknown } = { ...restaurant };
      delete row.channel;
      return row;
    }),
  );
  await db.insert(channels).values(
    restaurants.map(({ id, name, channel }) => ({
      id,
      restaurantId: id,
      kind: "platform" as const,
      label: name.slice(0, 16),
      color: "#2563eb",
      connectionId: TEST_CONNECTION_ID,
      merchantId: channel?.id ?? id,
      ...channel,
    })),
  );
}
