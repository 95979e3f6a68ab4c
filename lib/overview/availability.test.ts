import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { merchantControls } from "@/lib/db/schema";
import { pauseStore, readControls } from "@/lib/merchant/controls";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import { storeAvailability } from "./availability";

// The overview's open / paused / closed: paused from the merchant controls, else the imported
// business hours; nothing known → null rather than a guess.

// Monday 2026-11-23, 15:00 in São Paulo (UTC−3).
const monday3pm = new Date("2026-11-23T18:00:00Z");
const lunchOnly = [{ weekday: 1, start: "11:00:00-03:00", end: "16:00:00-03:00" }];

function withHours(businessHours: ImportedMenu["store"]["businessHours"]): ImportedMenu {
  return { store: { name: "Loja", businessHours } as ImportedMenu["store"], menu: { categories: [] } as never };
}

describe.each(testDatabaseKinds)("storeAvailability on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const id of ["open", "closed", "paused"]) {
      await readControls(database.db, id);
      await database.db
        .update(merchantControls)
        .set({ menu: withHours(lunchOnly) })
        .where(eq(merchantControls.storeId, id));
    }
    await pauseStore(database.db, "paused", { minutes: 15, reason: "r", actor: "cook" }, monday3pm);
  });
  afterAll(() => database?.close());

  it("says paused, open by the hours, closed outside them, and null when nothing is known", async () => {
    const at = await storeAvailability(database.db, ["open", "paused", "unknown"], monday3pm);
    expect(Object.fromEntries(at)).toEqual({ open: "open", paused: "paused", unknown: null });
    const evening = new Date("2026-11-23T22:00:00Z");
    expect((await storeAvailability(database.db, ["closed"], evening)).get("closed")).toBe("closed");
  });
});
