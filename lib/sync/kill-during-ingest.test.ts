import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { InstanceProcesses } from "@/e2e/support/instances";
import { startSandboxProcess, type LoggedRequest, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { placeOrders } from "@/e2e/support/place-orders";
import { provisionSharedStores } from "@/e2e/support/shared-stores";
import { openDatabase } from "@/lib/db/client";
import { orders, platformEvents } from "@/lib/db/schema";

// kill -9 while a poll's orders' details are being read, many at once (lib/sync/order-details.ts):
// a real instance process on PGlite is killed in the middle of the reads, with every event
// delivered twice. Nothing was acknowledged; the instance started again on the same folder
// stores every order once, with its event, and acknowledges them all.

const ORDERS = 400;
/** Slow reads, so that the kill lands among them. */
const READ_LATENCY_MS = 50;

describe("an instance killed while it reads a poll's order details", () => {
  let sandbox: SandboxProcess;
  let dataDir: string;
  let instances: InstanceProcesses | undefined;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "comanda-kill-ingest-"));
  });
  afterAll(async () => {
    instances?.killAll();
    await sandbox?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const logged = (pathPart: string) =>
    sandbox.control<LoggedRequest[]>("GET", `/control/requests?path=${encodeURIComponent(pathPart)}`);
  const acknowledgedOrders = async () =>
    new Set(
      (await logged("/events/acknowledgment")).filter((call) => call.status === 202).flatMap((call) => call.orderIds),
    );

  it("has acknowledged nothing, and once started again stores every order once and acknowledges it", async () => {
    const setup = await openDatabase({ dataDir });
    const [merchant] = await provisionSharedStores(sandbox, setup.db, { count: 1, connections: 1, intervalSeconds: 1 });
    await setup.close();

    // Polls held while the orders are placed: the first poll that goes through brings them all.
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }],
    });
    const placed = await placeOrders(sandbox, merchant!.merchantId, ORDERS);

    instances = new InstanceProcesses({ dataDir, sandboxUrl: sandbox.url, intervalMs: 1_000 });
    const first = instances.start("a");
    await expect.poll(() => instances!.holdings().get("a")?.size ?? 0, { timeout: 60_000 }).toBe(1);
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "GET /v1/orders/*", latencyMs: READ_LATENCY_MS }],
      duplicateEvents: true,
    });
    await expect
      .poll(async () => (await logged("/v1/orders/")).length, { timeout: 60_000, interval: 10 })
      .toBeGreaterThanOrEqual(40);
    first.kill("SIGKILL");
    await once(first, "exit");
    // Killed among the reads: no write had happened, so nothing may have been acknowledged.
    expect((await acknowledgedOrders()).size).toBe(0);
    expect((await logged("/v1/orders/")).length).toBeLessThan(ORDERS);

    const second = instances.start("b");
    await expect
      .poll(
        async () => {
          const acknowledged = await acknowledgedOrders();
          return placed.filter((id) => !acknowledged.has(id)).length;
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe(0);
    second.kill("SIGKILL");
    await once(second, "exit");

    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.storeId, merchant!.merchantId));
      expect(stored.map((row) => row.id).sort()).toEqual([...placed].sort());
      const [events] = await database.db
        .select({ n: count() })
        .from(platformEvents)
        .where(eq(platformEvents.storeId, merchant!.merchantId));
      expect(events?.n).toBe(ORDERS);
    } finally {
      await database.close();
    }
  }, 300_000);
});
