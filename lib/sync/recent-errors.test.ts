import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { RecentErrors } from "./recent-errors";

describe("a store's recent errors, from a poller against the sandbox over HTTP", () => {
  let fixture: SandboxStoreFixture;
  beforeAll(async () => {
    fixture = await startSandboxStore();
  });
  afterAll(async () => fixture?.stop());

  it("names what failed — poll, acknowledgment, order details — newest first, and nothing secret", async () => {
    const { sandbox, store } = fixture;
    const poller = store.connection.poller;
    const merchantId = store.connection.id;
    const fault = (rules: unknown[]) => sandbox.control("PUT", "/control/faults", { rules });
    let malformedOrder = "";
    try {
      await fault([{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }]);
      await expect(poller.pollOnce()).rejects.toThrow("HTTP 503");

      await fault([{ route: "POST /v1/events/acknowledgment", errorRate: 1, errorStatus: 500 }]);
      await sandbox.control("POST", "/control/orders", { merchantId });
      await expect(poller.pollOnce()).rejects.toThrow("HTTP 500");

      await fault([{ route: "GET /v1/orders/*", malformedRate: 1 }]);
      malformedOrder = (await sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId })).orderId;
      await poller.pollOnce();
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    const errors = store.connection.errors.list();
    expect(errors.map((error) => error.kind)).toEqual(["details", "ack", "poll"]);
    expect(errors[0]?.orderId).toBe(malformedOrder);
    expect(errors[1]?.message).toContain("acknowledgment failed with HTTP 500");
    expect(errors[2]?.message).toContain("HTTP 503");
    expect(JSON.stringify(errors)).not.toContain(store.connection.config.clientSecret);
    expect(poller.status.consecutiveFailures).toBe(0);
  });

  it("keeps only the newest ones", () => {
    const errors = new RecentErrors(3);
    for (let i = 1; i <= 5; i++) errors.add("poll", new Error(`failure ${i}`));
    expect(errors.list().map((error) => error.message)).toEqual(["failure 5", "failure 4", "failure 3"]);
  });
});
