import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { orders, platformEvents } from "@/lib/db/schema";
import type { SandboxMerchant } from "@/e2e/support/sandbox-process";
import { useSandboxStore } from "@/e2e/support/sandbox-store-fixture";
import { connectTestStore, type TestStore } from "@/e2e/support/store-connection";
import { ingestEvents } from "./ingest";
import { receiveWebhook, webhookSignature } from "./webhook";
import { collectBoardWrites } from "@/e2e/support/board-writes";

// A store's platform connection (webhook or poll) speaks for that store's orders only.
describe("store isolation of ingest", () => {
  const fixture = useSandboxStore();
  let storeB: TestStore;
  const storeA = () => fixture.store;

  beforeAll(async () => {
    const merchants = await fixture.sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    storeB = await connectTestStore(fixture.sandbox, merchants[1]!, fixture.database);
  });

  /** An order of store B, polled onto B's board. */
  async function orderOfB(): Promise<string> {
    const { orderId } = await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: storeB.connection.id,
    });
    await storeB.connection.poller.pollOnce();
    return orderId;
  }

  const cancelledEvent = (orderId: string) => ({
    eventId: randomUUID(),
    eventType: "CANCELLED",
    orderId,
    orderURL: `${fixture.sandbox.url}/v1/orders/${orderId}`,
    createdAt: new Date().toISOString(),
  });

  async function expectUntouched(orderId: string, eventId: string) {
    const [order] = await fixture.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ storeId: storeB.connection.id, boardColumn: "new" });
    expect(order?.board.column).toBe("new");
    const events = await fixture.database.db
      .select()
      .from(platformEvents)
      .where(and(eq(platformEvents.orderId, orderId), eq(platformEvents.eventId, eventId)));
    expect(events).toHaveLength(0);
  }

  it("a webhook correctly signed for store A, naming store B's order as CANCELLED, leaves B's card as it was", async () => {
    const orderId = await orderOfB();
    const event = cancelledEvent(orderId);
    const body = JSON.stringify(event);
    const headers = new Headers({
      "x-app-merchantid": storeA().connection.id,
      "x-app-signature": webhookSignature(body, storeA().connection.config.clientSecret),
    });
    const published = collectBoardWrites([storeA().connection.id, storeB.connection.id]);
    const result = await receiveWebhook(body, headers, {
      db: fixture.database.db,
      connectionFor: (id) => [storeA().connection, storeB.connection].find((connection) => connection.id === id),
    });
    published.stop();
    expect(result).toMatchObject({ stored: 0, acknowledged: 1 });
    expect(published).toEqual([]);
    await expectUntouched(orderId, event.eventId);
  });

  it("events polled from store A's connection naming store B's order leave it as it was", async () => {
    const orderId = await orderOfB();
    const event = cancelledEvent(orderId);
    const published = collectBoardWrites([storeA().connection.id, storeB.connection.id]);
    const result = await ingestEvents(
      {
        db: fixture.database.db,
        channels: new Map([[storeA().connection.id, storeA().connection.restaurantId]]),
        client: storeA().connection.client,
      },
      [event],
    );
    published.stop();
    expect(result).toMatchObject({ stored: 0, acknowledged: 1 });
    expect(published).toEqual([]);
    await expectUntouched(orderId, event.eventId);
    // Store A goes on receiving its own orders.
    await fixture.sandbox.control("POST", "/control/orders", { merchantId: storeA().connection.id });
    expect((await storeA().connection.poller.pollOnce()).stored).toBeGreaterThan(0);
  });
});
