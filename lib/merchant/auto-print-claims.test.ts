import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import type { BoardOrder } from "@/lib/contract/board";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { claimAutoPrint } from "./auto-print-claims";

describe.each(testDatabaseKinds)(
  "claimAutoPrint (one ticket per auto-accepted order, whichever board asks) (%s)",
  (kind) => {
    const now = new Date("2026-11-20T19:00:00Z");
    let database: TestDatabase;
    // A second instance: another connection pool on the same PostgreSQL (PGlite has one process).
    let other: DatabaseHandle | undefined;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      if (database.url) other = await openDatabase({ databaseUrl: database.url });
      for (const [storeId, id] of [
        ["s1", "o1"],
        ["s2", "o2"],
      ] as const)
        await database.db.insert(orders).values({
          id,
          storeId,
          channelId: storeId,
          board: { id, displayId: id } as BoardOrder,
          boardColumn: "new",
          seq: 1,
          placedAt: now,
        });
    });
    afterAll(async () => {
      await other?.close();
      await database?.destroy();
    });

    it("grants the first ask only, and only for the store's own order", async () => {
      expect(await claimAutoPrint(database.db, "s1", "o2", now)).toBe(false);
      expect(await claimAutoPrint(database.db, "s1", "o1", now)).toBe(true);
      expect(await claimAutoPrint(database.db, "s1", "o1", now)).toBe(false);
      expect(await claimAutoPrint((other ?? database).db, "s1", "o1", now)).toBe(false);
    });

    it("grants one of many simultaneous asks on two instances", async () => {
      const instances = [database.db, (other ?? database).db];
      const asks = Array.from({ length: 20 }, (_, i) => claimAutoPrint(instances[i % 2]!, "s2", "o2", now));
      expect((await Promise.all(asks)).filter(Boolean)).toHaveLength(1);
    });
  },
);
