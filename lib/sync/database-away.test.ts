import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { BoardStreamClient } from "@/e2e/support/board-stream-client";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { FreezingProxy } from "@/e2e/support/freezing-proxy";
import { InstanceProcesses } from "@/e2e/support/instances";
import { freePort, startSandboxProcess, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { provisionSharedStores } from "@/e2e/support/shared-stores";
import { placeOrdersSteadily, type SteadyOrders } from "@/e2e/support/steady-orders";
import { orders } from "@/lib/db/schema";

// Issue 26, must-have 7: PostgreSQL away (stopped or unreachable) under a steady order flow. The
// instance pauses its ingest and resumes on its own, never exits, says it is not ready while the
// database is away, and every order arrives once — on the database and on its board stream. The
// outage lasts while ORDERS_WHILE_AWAY orders are placed, one every ORDER_EVERY_MS (about 20 s;
// DATABASE_AWAY_ORDERS=240 makes it the minute).

const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log("lib/sync/database-away.test.ts: skipped (set TEST_DATABASE_URL)");

const ORDER_EVERY_MS = 250;
const ORDERS_WHILE_AWAY = Number(process.env.DATABASE_AWAY_ORDERS ?? 80);

describe.skipIf(!postgres)("the database away under a steady order flow", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let proxy: FreezingProxy;
  let instances: InstanceProcesses;
  let stream: BoardStreamClient;
  let flow: SteadyOrders | undefined;

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase("postgres")]);
    const target = new URL(database.url!);
    proxy = new FreezingProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
  });
  afterAll(async () => {
    flow?.stop();
    stream?.close();
    instances?.killAll();
    await proxy?.close();
    await database?.destroy();
    await sandbox?.stop();
  });

  it("pauses ingest, says not ready, never exits, and then has every order once", async () => {
    const merchants = await provisionSharedStores(sandbox, database.db, {
      count: 2,
      connections: 1,
      intervalSeconds: 1,
    });
    instances = new InstanceProcesses({
      databaseUrl: proxy.through(database.url!),
      sandboxUrl: sandbox.url,
      intervalMs: 1_000,
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const instance = instances.start("a", port);
    await expect.poll(() => instances.holdings().get("a")?.size ?? 0, { timeout: 60_000 }).toBe(1);
    stream = new BoardStreamClient(base);
    const ready = async () => (await fetch(`${base}/ready`, { signal: AbortSignal.timeout(5_000) })).status;
    expect(await ready()).toBe(200);

    // Orders at a steady rate, round robin over the stores, the whole time.
    flow = placeOrdersSteadily(sandbox, merchants, ORDER_EVERY_MS);
    const placed = flow.ids;
    await expect.poll(() => placed.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);

    proxy.cut();
    const awayFrom = placed.length;
    const wentAway = Date.now();
    await expect.poll(ready, { timeout: 10_000 }).toBe(503);
    await expect
      .poll(() => placed.length - awayFrom, { timeout: ORDERS_WHILE_AWAY * ORDER_EVERY_MS * 3, interval: 500 })
      .toBeGreaterThanOrEqual(ORDERS_WHILE_AWAY);
    expect(instance.exitCode, "the instance exited while its database was away").toBeNull();
    proxy.restore();
    const cameBack = Date.now();
    await expect.poll(ready, { timeout: 30_000 }).toBe(200);
    const readyAgainMs = Date.now() - cameBack;
    await expect
      .poll(() => placed.length - awayFrom, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(ORDERS_WHILE_AWAY + 8);
    flow?.stop();
    const last = placed.length;
    await expect.poll(() => placed.length, { timeout: 5_000 }).toBe(last);

    // Every order stored once, and streamed once.
    const stored = async () =>
      (await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, placed))).length;
    await expect.poll(stored, { timeout: 60_000, interval: 1_000 }).toBe(placed.length);
    const caughtUpMs = Date.now() - cameBack;
    await expect
      .poll(() => new Set(stream.changes.filter((change) => placed.includes(change.id)).map((c) => c.id)).size, {
        timeout: 30_000,
      })
      .toBe(placed.length);
    const seqs = stream.changes.map((change) => change.seq);
    expect(new Set(seqs).size, "a change streamed twice").toBe(seqs.length);
    expect(instance.exitCode).toBeNull();
    console.log(
      `database away ${Math.round((cameBack - wentAway) / 1000)} s with ${placed.length} orders placed: ready again ` +
        `${readyAgainMs} ms after it came back, every order stored ${caughtUpMs} ms after it came back`,
    );
  }, 300_000);
});
