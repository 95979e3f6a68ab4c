import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { InstanceProcesses } from "@/e2e/support/instances";
import { placeOrdersPerPoll, type PlacedOrder } from "@/e2e/support/orders-per-poll";
import { startSandboxProcess, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { saveSandboxStores } from "@/e2e/support/shared-stores";
import { rowsOf } from "@/lib/db/bulk";
import { platformConnections } from "@/lib/db/schema";

// Real processes on one PostgreSQL: two "instances" (e2e/support/poller-instance.ts: Comanda's
// pollers under leases) share the sandbox's merchants while orders arrive at a steady rate. One is
// killed with SIGKILL; the other must take its stores over within two poll intervals, and every
// order's events must end up stored once and acknowledged.

const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log("lib/sync/failover.test.ts: real-process failover skipped (set TEST_DATABASE_URL)");

const INTERVAL_MS = 1_000;

describe.skipIf(!postgres)("failover between two poller processes on PostgreSQL", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let instances: InstanceProcesses;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    database = await createTestDatabase("postgres");
    instances = new InstanceProcesses({ databaseUrl: database.url!, sandboxUrl: sandbox.url, intervalMs: INTERVAL_MS });
  });
  afterAll(async () => {
    instances?.killAll();
    await database?.destroy();
    await sandbox?.stop();
  });

  it("takes a killed instance's stores over within two intervals, and stores every order once", async () => {
    const merchants = await saveSandboxStores(sandbox, database.db, INTERVAL_MS / 1000);
    // Each merchant with its own credentials: a connection of one store each, leased by its id.
    const keys = (await database.db.select({ id: platformConnections.id }).from(platformConnections)).map(
      (connection) => connection.id,
    );
    expect(keys).toHaveLength(merchants.length);
    expect(keys.length).toBeGreaterThanOrEqual(2);

    instances.start("a");
    await expect.poll(() => instances.holdings().get("a")?.size ?? 0, { timeout: 30_000 }).toBe(keys.length);
    const b = instances.start("b");
    // a lets go of what is past its share; b takes it.
    await expect
      .poll(() => [instances.holdings().get("a")?.size ?? 0, instances.holdings().get("b")?.size ?? 0], {
        timeout: 30_000,
      })
      .toEqual([Math.ceil(keys.length / 2), keys.length - Math.ceil(keys.length / 2)]);

    // Orders keep coming, one for every merchant per poll answered, while b is killed and a takes over.
    const placedOrders: PlacedOrder[] = [];
    let placing = true;
    const placed = placeOrdersPerPoll(sandbox, merchants, () => placing, placedOrders, merchants.length);
    /** Whether every merchant has an order placed from `index` on stored in the database. */
    const storedForEveryMerchant = async (index: number) => {
      const ids = placedOrders.slice(index).map((order) => order.orderId);
      if (ids.length === 0) return false;
      const stored = rowsOf<{ store_id: string }>(
        await database.db.execute(
          sql`select distinct store_id from orders where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
      return stored.length === merchants.length;
    };
    // Both instances are storing orders before the kill.
    await expect.poll(() => storedForEveryMerchant(0), { timeout: 30_000, interval: 200 }).toBe(true);
    const victims = [...instances.holdings().get("b")!];
    const killedAt = Date.now();
    b.kill("SIGKILL");
    const placedBeforeKill = placedOrders.length;
    await expect
      .poll(() => victims.every((key) => instances.holdings().get("a")!.has(key)), { timeout: 10_000 })
      .toBe(true);
    const takenOver = Math.max(
      ...victims.map(
        (key) =>
          instances.lines.find(
            (line) => line.instance === "a" && line.event === "acquired" && line.key === key && line.at > killedAt,
          )!.at,
      ),
    );
    const takeoverMs = takenOver - killedAt;
    console.log(
      `failover: ${victims.length} store(s) taken over ${takeoverMs} ms after kill -9 (interval ${INTERVAL_MS} ms)`,
    );
    // Two intervals, plus a little for two processes sharing a loaded machine's clock.
    expect(takeoverMs).toBeLessThanOrEqual(2 * INTERVAL_MS + 250);

    // a stores the orders placed after the kill, at its own stores and at b's.
    await expect.poll(() => storedForEveryMerchant(placedBeforeKill), { timeout: 30_000, interval: 200 }).toBe(true);
    placing = false;
    await placed;
    const orderIds = placedOrders.map((order) => order.orderId);

    // Every order's events stored exactly once and acknowledged.
    await expect
      .poll(
        async () => {
          let pending = 0;
          for (const orderId of orderIds) {
            const view = await sandbox.control<{ events: Array<{ eventId: string; acknowledged: boolean }> }>(
              "GET",
              `/control/orders/${orderId}`,
            );
            pending += view.events.filter((event) => !event.acknowledged).length;
          }
          return pending;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0);
    const stored = rowsOf<{ order_id: string; events: string; distinct_events: string }>(
      await database.db.execute(
        sql`select order_id, count(*) as events, count(distinct event_id) as distinct_events from platform_events group by order_id`,
      ),
    );
    const byOrder = new Map(stored.map((row) => [row.order_id, row]));
    for (const orderId of orderIds) {
      const view = await sandbox.control<{ events: unknown[] }>("GET", `/control/orders/${orderId}`);
      expect(Number(byOrder.get(orderId)?.events ?? 0)).toBe(view.events.length);
    }
    const [orders] = rowsOf<{ count: string }>(await database.db.execute(sql`select count(*) from orders`));
    expect(Number(orders!.count)).toBe(orderIds.length);

    // No store was ever held by two instances at once (a killed instance's holdings end at the kill):
    // a lease is let go only after its poller stopped, and taken only once let go or expired.
    const sorted = [...instances.lines].sort((x, y) => x.at - y.at);
    for (const key of keys) {
      let holder: string | null = null;
      for (const line of sorted.filter((each) => each.key === key)) {
        if (holder === "b" && line.at > killedAt) holder = null;
        if (line.event === "acquired") {
          expect(holder, `${key} taken by ${line.instance} while ${holder} held it`).toBeNull();
          holder = line.instance;
        } else if (line.event === "lost" && holder === line.instance) holder = null;
      }
    }

    // Tokens only grow: each takeover fenced the holder before it.
    for (const key of keys) {
      const tokens = instances.lines
        .filter((line) => line.event === "acquired" && line.key === key)
        .map((line) => line.token!);
      expect(tokens).toEqual([...tokens].sort((x, y) => x - y));
      expect(new Set(tokens).size).toBe(tokens.length);
    }
    console.log(`failover: ${orderIds.length} orders placed, all stored once and acknowledged`);
  });
});
