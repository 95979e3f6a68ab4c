import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, platformEvents, quarantinedEvents } from "@/lib/db/schema";
import { useSandboxStore } from "@/e2e/support/sandbox-store-fixture";
import { listQuarantinedEvents, quarantineEvents } from "@/lib/db/quarantined-events";
import { metrics } from "@/lib/metrics";
import { ingestEvents } from "./ingest";
import type { IngestContext } from "./ingest-context";
import { retryQuarantinedEvent } from "./quarantine-retry";

describe("an event that cannot be stored", () => {
  const fixture = useSandboxStore();

  const placeOrder = () =>
    fixture.sandbox
      .control<{ orderId: string }>("POST", "/control/orders", { merchantId: fixture.store.connection.id })
      .then(({ orderId }) => orderId);

  const event = (orderId: string, createdAt: string) => ({
    eventId: randomUUID(),
    eventType: "CREATED",
    orderId,
    orderURL: `${fixture.sandbox.url}/v1/orders/${orderId}`,
    createdAt,
  });

  it("is quarantined with why and acknowledged, its order flagged unreadable, and the rest of the poll stored", async () => {
    const [poisonOrder, goodOrder] = await Promise.all([placeOrder(), placeOrder()]);
    // Valid ISO 8601, but PostgreSQL has no year 0: the write is refused.
    const poison = event(poisonOrder, "0000-01-01T00:00:00Z");
    const good = event(goodOrder, new Date().toISOString());
    const before = (await metrics().eventsQuarantined.get()).values.reduce((sum, value) => sum + value.value, 0);

    const result = await ingestEvents(
      {
        db: fixture.database.db,
        channels: new Map([[fixture.store.connection.id, fixture.store.connection.restaurantId]]),
        client: fixture.store.connection.client,
      },
      [poison, good],
    );

    expect(result).toMatchObject({ stored: 1, acknowledged: 2, deferred: 0 });
    const [kept] = await fixture.database.db
      .select()
      .from(quarantinedEvents)
      .where(eq(quarantinedEvents.eventId, poison.eventId));
    expect(kept).toMatchObject({ storeId: fixture.store.connection.id, orderId: poisonOrder });
    expect(kept?.reason).toMatch(/^Could not be stored: /);
    expect(JSON.parse(Buffer.from(kept!.blob, "base64").toString("utf8"))).toEqual(poison);
    const listed = await listQuarantinedEvents(fixture.database.db, [fixture.store.connection.id], 10);
    expect(listed.map((row) => row.eventId)).toContain(poison.eventId);
    const after = (await metrics().eventsQuarantined.get()).values.reduce((sum, value) => sum + value.value, 0);
    expect(after - before).toBe(1);

    const [flagged] = await fixture.database.db.select().from(orders).where(eq(orders.id, poisonOrder));
    expect(flagged?.board.detailsUnreadable).toBe(true);
    const [stored] = await fixture.database.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.eventId, good.eventId));
    expect(stored?.acknowledgedAt).toBeInstanceOf(Date);

    // The store goes on.
    const next = await placeOrder();
    await fixture.store.connection.poller.pollOnce();
    const [nextRow] = await fixture.database.db.select().from(orders).where(eq(orders.id, next));
    expect(nextRow?.board.column).toBe("new");
  });

  const context = (): IngestContext => ({
    db: fixture.database.db,
    storeId: fixture.store.connection.restaurantId,
    channelId: fixture.store.connection.id,
    client: fixture.store.connection.client,
  });
  const quarantineRow = async (eventId: string) =>
    (await fixture.database.db.select().from(quarantinedEvents).where(eq(quarantinedEvents.eventId, eventId))).map(
      (row) => ({ id: row.id, reason: row.reason }),
    );

  it("a retry stores an event whose refusal has passed: its row goes and its order reaches the board", async () => {
    const orderId = await placeOrder();
    const healed = event(orderId, new Date().toISOString());
    // As if the database had refused it for a reason that has since gone.
    await quarantineEvents(
      fixture.database.db,
      fixture.store.connection.id,
      [{ eventId: healed.eventId, orderId, event: healed }],
      "Could not be stored: a passing refusal",
    );
    const [row] = await quarantineRow(healed.eventId);

    // Another store cannot retry it: the row is looked up within the store.
    expect(await retryQuarantinedEvent({ ...context(), storeId: "another-store" }, row!.id)).toBeNull();
    expect(await retryQuarantinedEvent(context(), row!.id)).toEqual({ outcome: "stored" });
    expect(await quarantineRow(healed.eventId)).toEqual([]);
    const [order] = await fixture.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.board.column).toBe("new");
  });

  it("a retry that still cannot store keeps the event, once, with the new reason", async () => {
    const orderId = await placeOrder();
    const poison = event(orderId, "0000-01-01T00:00:00Z");
    await quarantineEvents(
      fixture.database.db,
      fixture.store.connection.id,
      [{ eventId: poison.eventId, orderId, event: poison }],
      "an old reason",
    );
    const [row] = await quarantineRow(poison.eventId);

    const outcome = await retryQuarantinedEvent(context(), row!.id);
    expect(outcome).toMatchObject({ outcome: "quarantined", reason: expect.stringMatching(/^Could not be stored: /) });
    const kept = await quarantineRow(poison.eventId);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.id).not.toBe(row!.id);
  });
});
