import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { merchantControls } from "@/lib/db/schema";
import { readControls } from "@/lib/merchant/controls";
import { saveChannelConfig, type ChannelConfig } from "@/lib/stores/config";
import { TEST_AREAS, TEST_LOCATIONS, TEST_MENU, TEST_STORE } from "./test-menu";

// For own-order tests over the real database: a restaurant on a (never called) platform, with or
// without the test menu imported — its items, pizzas and delivery areas (./test-menu.ts).

export const testRestaurant = (id: string): ChannelConfig => ({
  id,
  name: id,
  baseUrl: "https://platform.example.com/api",
  clientId: "client-1",
  clientSecret: "secret-1",
  serviceId: null,
  admin: null,
  storeApi: null,
  pollIntervalSeconds: 30,
  confirmDeadlineMinutes: 8,
});

export async function openTestRestaurant(db: Database, id: string, { menu = true } = {}): Promise<void> {
  await saveChannelConfig(db, testRestaurant(id), "manager");
  if (!menu) return;
  await readControls(db, id);
  await db
    .update(merchantControls)
    .set({ menu: { store: TEST_STORE, menu: TEST_MENU, delivery: { areas: TEST_AREAS, locations: TEST_LOCATIONS } } })
    .where(eq(merchantControls.storeId, id));
}
