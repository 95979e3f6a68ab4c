import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { orders } from "@/lib/db/schema";
import { historyFiltersSchema } from "@/lib/contract/history";
import { listHistory } from "@/lib/history/history";
import { todayFigures } from "@/lib/overview/today";
import { sharedZone, setStoreTimeZone, storeTimeZones } from "./time-zones";

// A chain with a store in Manaus (UTC−4) and one in São Paulo (UTC−3): days are each store's own.

describe("store time zones", () => {
  let database: TestDatabase;
  const store = (id: string, name: string) => ({ id, name, enabled: false });
  // 03:30 UTC on the 23rd: 23:30 on the 22nd in Manaus, 00:30 on the 23rd in São Paulo.
  const placedAt = new Date("2026-11-23T03:30:00Z");

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await insertRestaurant(database.db, store("manaus", "Loja Manaus"), store("sp", "Loja SP"));
    await database.db.insert(orders).values(
      ["manaus", "sp"].map((storeId, index) => {
        const card = boardCard({
          id: `order-${storeId}`,
          storeId,
          column: "done",
          total: { value: 50, currency: "BRL" },
          placedAt: placedAt.toISOString(),
          seq: index + 1,
        });
        return {
          id: card.id,
          storeId,
          channelId: storeId,
          board: card,
          boardColumn: card.column,
          seq: card.seq,
          placedAt,
        };
      }),
    );
  });
  afterAll(async () => database?.destroy());

  it("defaults to São Paulo, saves a real zone and refuses an unknown one", async () => {
    expect(await storeTimeZones(database.db, ["manaus"])).toEqual(new Map([["manaus", "America/Sao_Paulo"]]));
    await setStoreTimeZone(database.db, "manaus", "America/Manaus");
    await expect(setStoreTimeZone(database.db, "manaus", "Mars/Olympus")).rejects.toThrow(/Unknown time zone/);
    const zones = await storeTimeZones(database.db, ["manaus", "sp"]);
    expect(zones.get("manaus")).toBe("America/Manaus");
    expect(sharedZone(zones, ["manaus"])).toBe("America/Manaus");
    expect(sharedZone(zones, ["manaus", "sp"])).toBe("America/Sao_Paulo");
  });

  it("puts an order in its store's day in the history and shows it in its store's zone", async () => {
    const day = (storeId: string, date: string) =>
      listHistory(
        database.db,
        { stores: [{ id: storeId, name: storeId }] },
        historyFiltersSchema.parse({ store: storeId, from: date, to: date }),
      );
    expect((await day("manaus", "2026-11-22")).rows.map((row) => row.id)).toEqual(["order-manaus"]);
    expect((await day("manaus", "2026-11-23")).rows).toEqual([]);
    expect((await day("sp", "2026-11-23")).rows.map((row) => row.id)).toEqual(["order-sp"]);
    expect((await day("manaus", "2026-11-22")).rows[0]?.timeZone).toBe("America/Manaus");
  });

  it("counts today's figures in each store's own day", async () => {
    const now = new Date("2026-11-23T03:45:00Z");
    const figures = await todayFigures(
      database.db,
      [
        { id: "manaus", timeZone: "America/Manaus" },
        { id: "sp", timeZone: "America/Sao_Paulo" },
      ],
      now,
    );
    expect(figures.get("manaus")?.today).toEqual({ orders: 1, revenue: 50 });
    expect(figures.get("sp")?.today).toEqual({ orders: 1, revenue: 50 });
    // An hour later in Manaus the 22nd is over there: nothing today yet.
    const later = await todayFigures(
      database.db,
      [{ id: "manaus", timeZone: "America/Manaus" }],
      new Date("2026-11-23T04:10:00Z"),
    );
    expect(later.get("manaus")?.today).toEqual({ orders: 0, revenue: 0 });
  });
});
