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
    // 12 s pass on both clocks, the platform's (token expiry) and the client's (renewal), in steps
    // of one 500 ms interval: the client's first, so it never believes a token the platform
    // already expired is still good.
    let offsetMs = 0;
    const { connection } = await connectTestStore(sandbox, merchant, database, {
      intervalMs: 500,
      now: () => Date.now() + offsetMs,
    });
    const failures: unknown[] = [];
    for (let elapsedMs = 0; elapsedMs < 12_000; elapsedMs += 500) {
      await connection.poller.pollOnce().catch((error: unknown) => failures.push(error));
      offsetMs += 500;
      await sandbox.control("POST", "/control/clock", { advanceSeconds: 0.5 });
    }
    expect(failures).toEqual([]);
    const log = await sandbox.control<LoggedRequest[]>("GET", "/control/requests");
    // Renewed before each expiry (12 s of 5 s tokens), and never refused.
    expect(log.filter((entry) => entry.path.endsWith("/oauth/token")).length).toBeGreaterThanOrEqual(3);
    expect(log.filter((entry) => entry.path.includes("/v1/events") && entry.status === 401)).toEqual([]);
  });
});
