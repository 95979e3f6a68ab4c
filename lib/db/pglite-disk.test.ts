import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { BoardStreamClient } from "@/e2e/support/board-stream-client";
import { InstanceProcesses } from "@/e2e/support/instances";
import { freePort, startSandboxProcess, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { provisionSharedStores } from "@/e2e/support/shared-stores";
import { placeOrdersSteadily, type SteadyOrders } from "@/e2e/support/steady-orders";
import { openDatabase } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";

// Issue 26, must-have 7, on PGlite: its disk turns read-only, then full, under a steady order
// flow. The instance (a real process: PGlite is one process's) says not ready and tells its boards
// "no database" while the disk refuses writes, never exits or freezes, and once the disk takes
// writes again it is ready within seconds and has every order once, in its database and on its
// board stream. The fault is switched in the instance's own fs functions, under PGlite's
// (e2e/support/disk-faults.ts), so it runs wherever the tests do.

const ORDER_EVERY_MS = 250;
const ORDERS_WHILE_DOWN = 20;

describe("PGlite's disk read-only or full under a steady order flow", () => {
  let sandbox: SandboxProcess;
  let dataDir: string;
  let instances: InstanceProcesses;
  let stream: BoardStreamClient;
  let flow: SteadyOrders | undefined;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "comanda-pglite-disk-"));
  });
  afterAll(async () => {
    flow?.stop();
    stream?.close();
    instances?.killAll();
    await sandbox?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is down while the disk refuses writes, comes back on its own and has every order once", async () => {
    const database = await openDatabase({ dataDir });
    const merchants = await provisionSharedStores(sandbox, database.db, {
      count: 2,
      connections: 1,
      intervalSeconds: 1,
    });
    await database.close();
    instances = new InstanceProcesses({ dataDir, sandboxUrl: sandbox.url, intervalMs: 1_000 });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const instance = instances.start("a", port);
    await expect.poll(() => instances.holdings().get("a")?.size ?? 0, { timeout: 60_000 }).toBe(1);
    stream = new BoardStreamClient(base);
    const ready = async () => (await fetch(`${base}/ready`, { signal: AbortSignal.timeout(3_000) })).status;
    const disk = async (code: "EROFS" | "ENOSPC" | "none") => {
      const response = await fetch(`${base}/disk-fault?code=${code}`, {
        method: "POST",
        signal: AbortSignal.timeout(3_000),
      });
      return ((await response.json()) as { refused: number }).refused;
    };
    const database_ = () => stream.statuses.at(-1)?.database;
    expect(await ready()).toBe(200);
    await expect.poll(database_, { timeout: 10_000 }).toBe("up");

    flow = placeOrdersSteadily(sandbox, merchants, ORDER_EVERY_MS);
    const placed = flow.ids;

    const figures: string[] = [];
    for (const fault of ["EROFS", "ENOSPC"] as const) {
      const before = placed.length;
      await expect.poll(() => placed.length - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
      await disk(fault);
      const from = placed.length;
      const brokeAt = Date.now();
      // The boards first: only the poller's writes can find the fault there (the status feed only
      // reads), so this is the engine's own failure being caught, not the readiness probe's.
      await expect.poll(database_, { timeout: 10_000 }).toBe("down");
      const boardsMs = Date.now() - brokeAt;
      await expect.poll(ready, { timeout: 10_000 }).toBe(503);
      await expect.poll(() => placed.length - from, { timeout: 30_000 }).toBeGreaterThanOrEqual(ORDERS_WHILE_DOWN);
      expect(instance.exitCode, "the instance exited while its disk refused writes").toBeNull();
      // Still down: nothing got written behind the fault's back.
      expect(await ready()).toBe(503);
      const refused = await disk("none");
      expect(refused, "the fault refused no write").toBeGreaterThan(0);
      const fixedAt = Date.now();
      await expect.poll(ready, { timeout: 20_000 }).toBe(200);
      const readyMs = Date.now() - fixedAt;
      await expect.poll(database_, { timeout: 10_000 }).toBe("up");
      figures.push(
        `${fault}: boards "down" after ${boardsMs} ms (not ready by then), ` +
          `ready again ${readyMs} ms after the disk took writes (${refused} calls refused)`,
      );
    }
    flow?.stop();
    const last = placed.length;
    await expect.poll(() => placed.length, { timeout: 5_000 }).toBe(last);

    // Every order on the stream once, then in the database once (its primary key).
    await expect
      .poll(() => new Set(stream.changes.filter((change) => placed.includes(change.id)).map((c) => c.id)).size, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(placed.length);
    const seqs = stream.changes.map((change) => change.seq);
    expect(new Set(seqs).size, "a change streamed twice").toBe(seqs.length);
    expect(instance.exitCode).toBeNull();
    instance.kill("SIGTERM");
    await new Promise((resolve) => instance.once("exit", resolve));
    const after = await openDatabase({ dataDir });
    try {
      const stored = await after.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, placed));
      expect(stored).toHaveLength(placed.length);
    } finally {
      await after.close();
    }
    console.log(`PGlite's disk, ${placed.length} orders placed, every one stored once:\n  ${figures.join("\n  ")}`);
  }, 240_000);
});
