import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import type { Integrator } from "@/e2e/support/shared-stores";
import { connectTestConnection } from "@/e2e/support/store-connection";
import { channels, orders, platformEvents } from "@/lib/db/schema";

// One platform connection (an integrator's credentials) serving 250 merchants: one poller, one
// token, polls of at most 100 merchants each, every event stored under its order's merchant.

describe.each(testDatabaseKinds)("a connection of 250 stores (%s)", (kind) => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let integrator: Integrator;
  let merchants: SandboxMerchant[];

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase(kind)]);
    [integrator] = (await sandbox.control<Integrator[]>("POST", "/control/integrators", {
      merchants: 250,
      connections: 1,
    })) as [Integrator];
    const all = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    merchants = integrator.merchantIds.map((id) => all.find((merchant) => merchant.merchantId === id)!);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sandbox?.stop(), database?.destroy()]);
  });

  const requests = (path: string) =>
    sandbox.control<LoggedRequest[]>("GET", `/control/requests?path=${encodeURIComponent(path)}`);
  const order = async (merchantId: string) =>
    (await sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId })).orderId;

  it("polls in requests of at most 100 merchants, with one token, and stores each order under its own store", async () => {
    const { connection, published } = await connectTestConnection(sandbox, merchants, integrator, database);
    expect(connection.channels.size).toBe(250);
    // A clean request log, then orders of merchants in the first, second and third hundred.
    await sandbox.control("POST", "/control/reset");
    const placed = new Map<string, string>();
    for (const index of [0, 99, 100, 199, 200, 249]) {
      const merchantId = merchants[index]!.merchantId;
      placed.set(await order(merchantId), merchantId);
    }

    const result = await connection.poller.pollOnce();
    expect(result).toMatchObject({ stored: 6, acknowledged: 6, deferred: 0 });

    const polls = (await requests("/v1/events:polling")).filter((r) => r.clientId === integrator.clientId);
    expect(polls).toHaveLength(3);
    expect(polls.map((poll) => poll.pollingMerchants!.length)).toEqual([100, 100, 50]);
    expect(new Set(polls.flatMap((poll) => poll.pollingMerchants!))).toEqual(new Set(integrator.merchantIds));
    // One token for the whole connection; acknowledgments through it.
    expect((await requests("/oauth/token")).length).toBe(1);
    const acks = await requests("/v1/events/acknowledgment");
    expect(acks.length).toBeGreaterThan(0);
    expect(acks.every((ack) => ack.clientId === integrator.clientId && ack.status === 202)).toBe(true);

    const rows = await database.db
      .select({ id: orders.id, storeId: orders.storeId, channelId: orders.channelId })
      .from(orders)
      .where(inArray(orders.id, [...placed.keys()]));
    expect(new Map(rows.map((row) => [row.id, row.storeId]))).toEqual(placed);
    // Each merchant is a channel of a restaurant of its own (same id).
    expect(new Map(rows.map((row) => [row.id, row.channelId]))).toEqual(placed);
    expect(published.map((card) => [card.id, card.storeId]).sort()).toEqual([...placed].sort());
    // Each channel's poll state is the connection's.
    const [state] = await database.db.select().from(channels).where(eq(channels.id, merchants[249]!.merchantId));
    expect(state?.lastPollOkAt).toBeInstanceOf(Date);
  });

  it("acknowledges and never stores an event whose order names a merchant of no store of this connection", async () => {
    const { connection } = await connectTestConnection(sandbox, merchants, integrator, database);
    const orderId = await order(merchants[7]!.merchantId);
    const view = await sandbox.control<{ order: Record<string, unknown> }>("GET", `/control/orders/${orderId}`);
    // The platform's details name a merchant this connection does not serve.
    await sandbox.control("PUT", `/control/orders/${orderId}/raw-details`, {
      ...view.order,
      merchant: { id: "merchant-of-someone-else", name: "Elsewhere" },
    });

    const result = await connection.poller.pollOnce();
    expect(result).toMatchObject({ stored: 0, deferred: 0 });
    expect(await database.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
    expect(await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).toEqual([]);
    const events = await sandbox.control<{ events: { acknowledged: boolean }[] }>("GET", `/control/orders/${orderId}`);
    expect(events.events.every((event) => event.acknowledged)).toBe(true);
  });

  it("leaves unacknowledged, and stores nowhere, an order whose details name no merchant (it cannot be placed)", async () => {
    const { connection } = await connectTestConnection(sandbox, merchants, integrator, database);
    const orderId = await order(merchants[3]!.merchantId);
    const view = await sandbox.control<{ order: Record<string, unknown> }>("GET", `/control/orders/${orderId}`);
    const nameless = { ...view.order };
    delete nameless.merchant;
    await sandbox.control("PUT", `/control/orders/${orderId}/raw-details`, nameless);

    const result = await connection.poller.pollOnce();
    expect(result).toMatchObject({ stored: 0, deferred: 1 });
    expect(await database.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
    const events = await sandbox.control<{ events: { acknowledged: boolean }[] }>("GET", `/control/orders/${orderId}`);
    expect(events.events.some((event) => event.acknowledged)).toBe(false);
  });
});
