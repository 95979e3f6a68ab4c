import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import type { BoardOrder } from "@/lib/contract/board";
import { channels, menuMappings, merchantControls, orders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { ImportedMenu } from "./document-ids";
import { pendingUpdates, readControls } from "./controls";
import { setStock, stockOf } from "./stock";

// "Só restam N" in the database: two tablets setting a count at once give one result (the
// version check), the count is queued for every platform channel as its own item offer, and what
// is left goes down with the orders taken since it was set — by their 2.0 itemOfferId.

const kinds: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

const item = (id: number, name: string) => ({
  id,
  name,
  description: "",
  status: "AVAILABLE",
  price: { value: 30, currency: "BRL" },
  oldPrice: null,
  availabilities: [],
  properties: [],
});

const menu = {
  store: { name: "Cantina", serviceId: "cantina", businessHours: [] },
  menu: {
    categories: [
      {
        id: 1,
        name: "Massas",
        description: "",
        status: "ACTIVE",
        isPizzaModule: false,
        items: [item(7, "Lasanha"), item(8, "Nhoque")],
      },
    ],
    pizzaSizes: [],
  },
} as unknown as ImportedMenu;

describe.each(kinds)("só restam N on %s", (kind) => {
  let database: TestDatabase;
  const t0 = new Date("2026-11-28T18:00:00Z");
  let seq = 0;
  const order = (id: string, channelId: string, placedAt: Date, lines: { itemOfferId?: string; quantity: number }[]) =>
    orderWith(id, channelId, placedAt, { items: lines });
  const orderWith = (id: string, channelId: string, placedAt: Date, details: unknown) =>
    database.db.insert(orders).values({
      id,
      storeId: "c1",
      channelId,
      details,
      board: {} as BoardOrder,
      boardColumn: "new",
      seq: ++seq,
      placedAt,
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertRestaurant(database.db, { id: "c1", name: "Cantina" });
    await readControls(database.db, "c1");
    await database.db.update(merchantControls).set({ menu }).where(eq(merchantControls.storeId, "c1"));
    // A second platform whose catalogue lists the lasagne under its own id (900007).
    await database.db.insert(channels).values({
      id: "c1-p2",
      restaurantId: "c1",
      kind: "platform",
      label: "Plataforma B",
      color: "#db2777",
    });
  });
  afterAll(async () => database?.destroy());

  it("two tablets setting the count at once give one result; the other is told to look again", async () => {
    const db = database.db;
    const first = await Promise.allSettled([
      setStock(db, "c1", { itemId: 7, quantity: 5, version: 0 }, "ana", t0),
      setStock(db, "c1", { itemId: 7, quantity: 3, version: 0 }, "bia", t0),
    ]);
    expect(first.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = first.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(AppError);
    const [set] = await stockOf(db, "c1");
    expect(set?.version).toBe(1);

    const second = await Promise.allSettled([
      setStock(db, "c1", { itemId: 7, quantity: 2, version: 1 }, "ana", t0),
      setStock(db, "c1", { itemId: 7, quantity: 9, version: 1 }, "bia", t0),
    ]);
    expect(second.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [now] = await stockOf(db, "c1");
    expect(now).toMatchObject({ version: 2, left: now!.quantity });
    expect([2, 9]).toContain(now!.quantity);
    // A change naming an old version is refused, whatever it says.
    await expect(setStock(db, "c1", { itemId: 7, quantity: null, version: 1 }, "ana", t0)).rejects.toThrow(
      /Someone else set this count/,
    );
  });

  it("queues the count for each platform channel as its own item offer", async () => {
    const db = database.db;
    const bodies = (await pendingUpdates(db, "c1")).map((u) => u.body);
    expect(bodies.at(-1)).toMatchObject({ itemOfferUpdate: { itemOfferId: "7", patch: {} } });
    expect((await pendingUpdates(db, "c1-p2")).length).toBeGreaterThan(0);
  });

  it("counts down with the orders placed since, by their item offer, and stops at zero", async () => {
    const db = database.db;
    const [before] = await stockOf(db, "c1");
    await setStock(db, "c1", { itemId: 7, quantity: 2, version: before!.version }, "ana", t0);
    const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    await order("o-before", "c1", new Date(t0.getTime() - 60_000), [{ itemOfferId: "7", quantity: 1 }]);
    await order("o-1", "c1", later(1), [{ itemOfferId: "7", quantity: 1 }, { quantity: 4 }]);
    expect((await stockOf(db, "c1"))[0]).toMatchObject({ quantity: 2, left: 1 });
    await order("o-2", "c1", later(2), [
      { itemOfferId: "8", quantity: 3 },
      { itemOfferId: "7", quantity: 1 },
    ]);
    await order("o-3", "c1", later(3), [{ itemOfferId: "7", quantity: 1 }]);
    expect((await stockOf(db, "c1"))[0]).toMatchObject({ quantity: 2, left: 0 });
    // Lifted: no count any more.
    const [spent] = await stockOf(db, "c1");
    await setStock(db, "c1", { itemId: 7, quantity: null, version: spent!.version }, "ana", later(4));
    expect(await stockOf(db, "c1")).toEqual([]);
    expect((await pendingUpdates(db, "c1")).at(-1)?.body).toEqual({
      itemOfferUpdate: { itemOfferId: "7", patch: { quantityAvailable: null } },
    });
  });

  it("refuses an item the menu does not have", async () => {
    await expect(setStock(database.db, "c1", { itemId: 99, quantity: 1, version: 0 }, "ana", t0)).rejects.toThrow(
      /No item 99/,
    );
  });

  it("counts each item's orders since its own count, each channel's by its own offer id, and no line it cannot read", async () => {
    const db = database.db;
    // An hour after the orders above.
    const at = (minutes: number) => new Date(t0.getTime() + (60 + minutes) * 60_000);
    await db
      .insert(menuMappings)
      .values({ storeId: "c1", channelId: "c1-p2", channelItemId: 900007, name: "Lasanha B", itemId: 7 });
    await setStock(db, "c1", { itemId: 7, quantity: 10, version: 0 }, "ana", at(0));
    await order("m-1", "c1", at(1), [
      { itemOfferId: "7", quantity: 1 },
      { itemOfferId: "8", quantity: 4 },
    ]);
    await setStock(db, "c1", { itemId: 8, quantity: 10, version: 0 }, "ana", at(2));
    // On the second platform the lasagne is its offer 900007; its "7" is no item of ours.
    await order("m-2", "c1-p2", at(3), [
      { itemOfferId: "900007", quantity: 2 },
      { itemOfferId: "7", quantity: 5 },
    ]);
    await order("m-3", "c1", at(4), [{ itemOfferId: "8", quantity: 2 }]);
    await orderWith("m-4", "c1", at(5), { items: "7" });
    await orderWith("m-5", "c1", at(6), {
      items: [null, "7", { itemOfferId: "7", quantity: "3" }, { itemOfferId: 7, quantity: 1 }],
    });
    await orderWith("m-6", "c1", at(7), null);
    expect(await stockOf(db, "c1")).toEqual([
      expect.objectContaining({ refId: 7, name: "Lasanha", quantity: 10, left: 7 }),
      // m-1's four were taken before this count was set.
      expect.objectContaining({ refId: 8, name: "Nhoque", quantity: 10, left: 8 }),
    ]);
  });
});
