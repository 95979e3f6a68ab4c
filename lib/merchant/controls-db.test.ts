import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import {
  markSoldOut,
  pauseStore,
  pendingRestaurantUpdates,
  pendingUpdates,
  readControls,
  restockExpired,
  resumeEndedPauses,
} from "./controls";
import { keyMatches, rotateApiKey } from "./api-key";
import type { ImportedMenu } from "./document-ids";
import { channels, merchantControls } from "@/lib/db/schema";
import { eq } from "drizzle-orm";

// Merchant controls on each database Comanda runs on (PGlite; PostgreSQL too when
// TEST_DATABASE_URL is set): one pause for concurrent pauses, pause ends and sold-out expiry on
// an injected clock, and the apiKey kept only as a digest.

const kinds: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

const menu: ImportedMenu = {
  store: {
    name: "Loja",
    companyName: "Loja Ltda",
    description: "",
    serviceId: "loja",
    status: "OPEN",
    address: "",
    location: null,
    telephone: "",
    minimumOrder: null,
    takeoutMinimumOrder: null,
    waitingMinutes: null,
    businessHours: [],
    receivesOrders: true,
  },
  menu: {
    categories: [
      {
        id: 1,
        name: "Bebidas",
        description: "",
        status: "ACTIVE",
        isPizzaModule: false,
        items: [
          {
            id: 10,
            name: "Suco",
            description: "",
            status: "AVAILABLE",
            price: { value: 8, currency: "BRL" },
            oldPrice: null,
            availabilities: [],
            properties: [],
          },
        ],
      },
    ],
    pizzaSizes: [],
  },
};

describe.each(kinds)("merchant controls on %s", (kind) => {
  let database: TestDatabase;
  const t0 = new Date("2026-11-20T20:00:00Z");
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A restaurant with its one platform channel: each update goes to its channel's platform.
    await insertRestaurant(database.db, { id: "s1", name: "Loja" });
    await readControls(database.db, "s1");
    await database.db.update(merchantControls).set({ menu }).where(eq(merchantControls.storeId, "s1"));
  });
  afterAll(async () => database?.destroy());

  it("ten pauses at once are one pause with one update; it ends on the clock", async () => {
    const db = database.db;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pauseStore(db, "s1", { minutes: 15, reason: "r", actor: `a${i}` }, t0)),
    );
    expect(results.filter((r) => !r.alreadyPaused)).toHaveLength(1);
    expect(await pendingUpdates(db, "s1")).toHaveLength(1);
    expect(await resumeEndedPauses(db, new Date(t0.getTime() + 14 * 60_000))).toEqual([]);
    expect(await resumeEndedPauses(db, new Date(t0.getTime() + 15 * 60_000))).toEqual(["s1"]);
    const bodies = (await pendingUpdates(db, "s1")).map((u) => u.body);
    expect(bodies).toEqual([{ merchantStatus: "UNAVAILABLE" }, { merchantStatus: "AVAILABLE" }]);
  });

  it("a sold-out mark for 2 hours is restocked when they pass, and the platform is told", async () => {
    const db = database.db;
    await markSoldOut(
      db,
      "s1",
      [{ kind: "item", refId: 10 }],
      { until: new Date(t0.getTime() + 7_200_000), actor: "a" },
      t0,
    );
    await restockExpired(db, new Date(t0.getTime() + 7_100_000));
    const before = (await pendingUpdates(db, "s1")).length;
    await restockExpired(db, new Date(t0.getTime() + 7_200_000));
    const updates = await pendingUpdates(db, "s1");
    // 1.x's merchantUpdate and 2.0's item offer status, each sent only in its dialect (./outbox.ts).
    expect(updates).toHaveLength(before + 2);
    expect(updates.at(-2)?.body).toMatchObject({ entityType: "ITEM_OFFER", updatedObjects: [{ status: "AVAILABLE" }] });
    expect(updates.at(-1)?.body).toEqual({ itemOfferUpdate: { itemOfferId: "10", patch: { status: "AVAILABLE" } } });
  });

  it("queues each update once for every enabled platform channel of the restaurant, and for no other", async () => {
    const db = database.db;
    await insertRestaurant(db, { id: "s2", name: "Duas plataformas" }, { id: "s3", name: "Vizinha" });
    const channel = (id: string, extra: Partial<typeof channels.$inferInsert> = {}) => ({
      id,
      restaurantId: "s2",
      kind: "platform" as const,
      label: id,
      color: "#db2777",
      ...extra,
    });
    await db
      .insert(channels)
      .values([
        channel("s2-second-platform"),
        channel("s2-switched-off", { enabled: false }),
        channel("s2-counter", { kind: "own" }),
      ]);
    await pauseStore(db, "s2", { minutes: 15, reason: "r", actor: "a" }, t0);
    const pending = await pendingRestaurantUpdates(db, "s2");
    expect(pending.map((update) => update.channelId).sort()).toEqual(["s2", "s2-second-platform"]);
    expect(pending.map((update) => update.body)).toEqual([
      { merchantStatus: "UNAVAILABLE" },
      { merchantStatus: "UNAVAILABLE" },
    ]);
    // Each channel's own queue holds its copy; the neighbour restaurant's holds none.
    expect(await pendingUpdates(db, "s2-second-platform")).toHaveLength(1);
    expect(await pendingUpdates(db, "s3")).toEqual([]);
  });

  it("keeps only the apiKey's digest; the old key stops working when rotated", async () => {
    const db = database.db;
    const first = await rotateApiKey(db, "s1", t0);
    const row = await readControls(db, "s1");
    expect(row.apiKeyHash).not.toContain(first);
    expect(keyMatches(first, row.apiKeyHash)).toBe(true);
    const second = await rotateApiKey(db, "s1", t0);
    const rotated = await readControls(db, "s1");
    expect(keyMatches(first, rotated.apiKeyHash)).toBe(false);
    expect(keyMatches(second, rotated.apiKeyHash)).toBe(true);
    expect(keyMatches(null, rotated.apiKeyHash)).toBe(false);
  });
});
