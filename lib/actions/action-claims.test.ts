import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { actionClaims } from "@/lib/db/schema";
import { claimAction, releaseAction, type ActionKey } from "./action-claims";

describe.each(testDatabaseKinds)("action claims (%s)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("lets a holder slower than the stale limit release only its own claim, not its successor's", async () => {
    const key: ActionKey = { storeId: "s1", orderId: "o1", action: "confirm" };
    const first = new Date("2026-11-26T12:00:00.000Z");
    const second = new Date(first.getTime() + 2_000);
    expect(await claimAction(database.db, key, first, 1_000)).toBe(true);
    // Another instance takes the stale claim over while the first holder is still busy.
    expect(await claimAction(database.db, key, second, 1_000)).toBe(true);
    const held = () => database.db.select({ at: actionClaims.claimedAt }).from(actionClaims);

    await releaseAction(database.db, key, first);
    expect((await held()).map((row) => row.at)).toEqual([second]);
    // So a third tap still waits for the live holder instead of calling the platform again.
    expect(await claimAction(database.db, key, new Date(second.getTime() + 500), 1_000)).toBe(false);

    await releaseAction(database.db, key, second);
    expect(await held()).toEqual([]);
  });
});
