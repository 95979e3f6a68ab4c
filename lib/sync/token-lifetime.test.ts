import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { connectTestStore } from "@/e2e/support/store-connection";

describe("short-lived platform tokens", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([
      startSandboxProcess({ tokenTtlSeconds: 5 }),
      createTestDatabase("pglite"),
    ]);
  });
  afterAll(async () => Promise.all([sandbox?.stop(), database?.destroy()]));

  it("keeps polling through several 5 s token lifetimes without a failed cycle", async () => {
    const [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    const { connection } = await connectTestStore(sandbox, merchant, database, { intervalMs: 500 });
    const failures: unknown[] = [];
    const until = Date.now() + 12_000;
    let polls = 0;
    while (Date.now() < until) {
      await connection.poller.pollOnce().catch((error: unknown) => failures.push(error));
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(failures).toEqual([]);
    expect(polls).toBeGreaterThanOrEqual(15);
    const log = await sandbox.control<LoggedRequest[]>("GET", "/control/requests");
    // Renewed before each expiry (12 s of 5 s tokens), and never refused.
    expect(log.filter((entry) => entry.path.endsWith("/oauth/token")).length).toBeGreaterThanOrEqual(3);
    expect(log.filter((entry) => entry.path.includes("/v1/events") && entry.status === 401)).toEqual([]);
  });
});
