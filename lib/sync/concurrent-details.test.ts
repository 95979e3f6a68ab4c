import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, platformEvents } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { placeOrders } from "@/e2e/support/place-orders";
import { connectTestStore } from "@/e2e/support/store-connection";
import { DETAIL_READ_CONCURRENCY } from "./order-details";

// Orders' details are read many at a time (lib/sync/order-details.ts). Against the sandbox over
// HTTP, with slow, failing and malformed details reads, failing acknowledgments and every event
// delivered twice: nothing is lost, each order is stored once with its events, a later event of
// an order is applied after its first, and no event is acknowledged before it is stored.

const ORDERS = 240;
/** Orders the customer asks to cancel once placed: a second event, after the first. */
const CANCELLATION_REQUESTS = 30;

describe("order details read concurrently, under a misbehaving platform", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let merchant: SandboxMerchant;

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase("pglite")]);
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
  });
  afterAll(async () => Promise.all([sandbox?.stop(), database?.destroy()]));

  /** Event ids of every acknowledgment the platform took, as its request log shows them. */
  async function acknowledgedEventIds(): Promise<string[]> {
    const calls = await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/events/acknowledgment");
    return calls
      .filter((call) => call.status === 202)
      .flatMap((call) => (call.body as Array<{ id: string }>).map((item) => item.id));
  }

  async function storedEventIds(): Promise<Set<string>> {
    const rows = await database.db
      .select({ eventId: platformEvents.eventId })
      .from(platformEvents)
      .where(eq(platformEvents.storeId, merchant.merchantId));
    return new Set(rows.map((row) => row.eventId));
  }

  /** The most reads of order details the platform was answering at once. */
  async function mostDetailReadsAtOnce(): Promise<number> {
    const reads = (await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v1/orders/")).filter(
      (call) => call.method === "GET",
    );
    const edges = reads.flatMap((call) => [
      { at: Date.parse(call.startedAt), step: 1 },
      { at: Date.parse(call.at), step: -1 },
    ]);
    // At one millisecond, ends before starts: reads that merely touch are not counted as overlapping.
    edges.sort((a, b) => a.at - b.at || a.step - b.step);
    let open = 0;
    let most = 0;
    for (const edge of edges) most = Math.max(most, (open += edge.step));
    return most;
  }

  it("loses nothing, stores each order once, applies each order's events in order and acknowledges only what was stored", async () => {
    const { connection } = await connectTestStore(sandbox, merchant, database);
    const placed = await placeOrders(sandbox, merchant.merchantId, ORDERS);
    const asked = placed.slice(-CANCELLATION_REQUESTS);
    for (const orderId of asked) await sandbox.control("POST", `/control/orders/${orderId}/customer-cancellation`);

    await sandbox.control("PUT", "/control/faults", {
      rules: [
        { route: "GET /v1/orders/*", latencyMs: 20, errorRate: 0.2, errorStatus: 503, malformedRate: 0.1 },
        { route: "POST /v1/events/acknowledgment", errorRate: 0.1, errorStatus: 503 },
      ],
      duplicateEvents: true,
    });
    try {
      for (let round = 0; round < 100; round += 1) {
        const result = await connection.poller.pollOnce().catch(() => undefined);
        // Whatever failed this round, every event the platform took an acknowledgment of is stored.
        const stored = await storedEventIds();
        expect((await acknowledgedEventIds()).filter((id) => !stored.has(id))).toEqual([]);
        if (result?.received === 0) break;
      }
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    // The reads overlapped, never more of them than the bound.
    const most = await mostDetailReadsAtOnce();
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(DETAIL_READ_CONCURRENCY);
    const served = await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v1/orders/");
    expect(served.filter((call) => call.status === 503).length).toBeGreaterThan(0);

    // The platform behaving again: nothing is left to deliver, and malformed details heal.
    for (let round = 0; round < 20; round += 1) await connection.poller.pollOnce();
    expect((await connection.poller.pollOnce()).received).toBe(0);

    const rows = await database.db
      .select({ id: orders.id, board: orders.board, detailsError: orders.detailsError })
      .from(orders)
      .where(eq(orders.storeId, merchant.merchantId));
    expect(rows.map((row) => row.id).sort()).toEqual([...placed].sort());
    expect(rows.filter((row) => row.detailsError !== null)).toEqual([]);
    expect((await storedEventIds()).size).toBe(ORDERS + CANCELLATION_REQUESTS);
    const requested = new Set(asked);
    for (const row of rows) expect([row.id, row.board.cancellationRequested]).toEqual([row.id, requested.has(row.id)]);
  }, 240_000);
});
