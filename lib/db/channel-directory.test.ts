import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { channelsOfRestaurants, findChannelName } from "./channel-directory";
import { channels } from "./schema";

describe.each(testDatabaseKinds)("the channel directory (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertRestaurant(
      database.db,
      { id: "two", name: "Two", channel: { label: "App 1", color: "#facc15" } },
      { id: "solo", name: "Solo" },
    );
    // The restaurant's own channel (counter, phone): no platform.
    await database.db
      .insert(channels)
      .values({ id: "two-own", restaurantId: "two", kind: "own", label: "Balcão", color: "#16a34a" });
  });
  afterAll(async () => database?.destroy());

  it("names a platform channel by its label, colour and its connection's name, with how many platform channels its restaurant has", async () => {
    // The own channel beside it is not counted: a one-platform kitchen's tickets stay as they were.
    expect(await findChannelName(database.db, "two")).toEqual({
      id: "two",
      kind: "platform",
      label: "App 1",
      color: "#facc15",
      platform: "Test platform",
      siblings: 1,
    });
  });

  it("names the restaurant's own channel without a platform", async () => {
    expect(await findChannelName(database.db, "two-own")).toMatchObject({
      kind: "own",
      label: "Balcão",
      platform: null,
      siblings: 1,
    });
  });

  it("says a one-channel kitchen has one (its tickets stay as they were), and knows no unknown channel", async () => {
    expect((await findChannelName(database.db, "solo"))?.siblings).toBe(1);
    expect(await findChannelName(database.db, "nope")).toBeNull();
  });

  it("lists restaurants' channels in a stable order, all of them or only the enabled, and none for no restaurant", async () => {
    await database.db
      .insert(channels)
      .values({ id: "two-off", restaurantId: "two", kind: "own", label: "Aaa", color: "#000000", enabled: false });
    try {
      const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);
      expect(ids(await channelsOfRestaurants(database.db, ["two"]))).toEqual(["two-off", "two", "two-own"]);
      expect(ids(await channelsOfRestaurants(database.db, ["two"], { enabledOnly: true }))).toEqual(["two", "two-own"]);
      expect(ids(await channelsOfRestaurants(database.db, undefined, { enabledOnly: true }))).toEqual([
        "solo",
        "two",
        "two-own",
      ]);
      expect(await channelsOfRestaurants(database.db, [])).toEqual([]);
    } finally {
      await database.db.delete(channels).where(eq(channels.id, "two-off"));
    }
  });
});
