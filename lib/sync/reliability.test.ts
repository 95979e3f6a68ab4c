import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { orders, platformEvents } from "@/lib/db/schema";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { findOrder } from "@/lib/db/order-reads";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { connectTestStore } from "@/e2e/support/store-connection";

const ORDERS = 1000;

describe.each(testDatabaseKinds)("sync under a misbehaving platform (%s)", (kind) => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let merchants: SandboxMerchant[];

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase(kind)]);
    merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
  });
  afterAll(async () => Promise.all([sandbox?.stop(), database?.destroy()]));

  it(`stores exactly ${ORDERS} orders, each once and all acknowledged, through 20% of 503s and every event delivered twice`, async () => {
    const merchant = merchants[0]!;
    const { connection } = await connectTestStore(sandbox, merchant, database);
    for (let start = 0; start < ORDERS; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          sandbox.control("POST", "/control/orders", { merchantId: merchant.merchantId }),
        ),
      );
    }
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "*", errorRate: 0.2, errorStatus: 503 }],
      duplicateEvents: true,
    });
    try {
      for (let round = 0; round < 200; round += 1) {
        // A poll the faults broke is tried again next round, as the poller's timer would.
        const result = await connection.poller.pollOnce().catch(() => undefined);
        if (result && result.received === 0) break;
      }
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    // The faults did bite: counted on the platform's side (a whole poll fails only when its own
    // request or its acknowledgment draws a 503, which three or four polls may all escape).
    const served = await sandbox.control<LoggedRequest[]>("GET", "/control/requests");
    expect(served.filter((entry) => entry.status === 503).length).toBeGreaterThan(0);

    // With the platform behaving again, nothing is left to deliver: every event was acknowledged.
    expect((await connection.poller.pollOnce()).received).toBe(0);
    const [stored] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.storeId, merchant.merchantId));
    expect(stored?.n).toBe(ORDERS);
    const [events] = await database.db
      .select({ n: count() })
      .from(platformEvents)
      .where(eq(platformEvents.storeId, merchant.merchantId));
    expect(events?.n).toBe(ORDERS);
  }, 240_000);

  it("shows an order with malformed details flagged, acknowledges its event, and heals it once the platform behaves", async () => {
    const merchant = merchants[1]!;
    const { connection } = await connectTestStore(sandbox, merchant, database);
    await sandbox.control("PUT", "/control/faults", { rules: [{ route: "GET /v1/orders/*", malformedRate: 1 }] });
    let orderId: string;
    try {
      ({ orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
        merchantId: merchant.merchantId,
      }));
      const result = await connection.poller.pollOnce();
      expect(result).toMatchObject({ stored: 1, acknowledged: 1, deferred: 0 });
      const flagged = await findOrder(database.db, merchant.merchantId, orderId);
      expect(flagged?.board).toMatchObject({ detailsUnreadable: true, actions: [] });
      expect(flagged?.details).not.toBeNull(); // the raw payload is kept
      expect(flagged?.detailsError).toBeTruthy();
      await connection.poller.pollOnce();
      expect((await findOrder(database.db, merchant.merchantId, orderId))?.board.detailsUnreadable).toBe(true);
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    await connection.poller.pollOnce();
    const healed = await findOrder(database.db, merchant.merchantId, orderId);
    expect(healed?.board).toMatchObject({ detailsUnreadable: false, column: "new" });
    expect(healed?.board.actions).toContain("confirm");
    expect(healed?.detailsError).toBeNull();
  });
});
