import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { LoggedRequest, SandboxProcess } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture, type TestStore } from "@/e2e/support/store-connection";
import { findOrder } from "@/lib/db/order-reads";
import { createOrderActions } from "./perform-order-action";

// Dispatch of an order carrying 1.7's delivery.pickupCode: the courier's code is checked through
// validateCode first, over HTTP against the sandbox; a wrong code sends no dispatch.
describe("dispatch with the courier's pickup code", () => {
  let fixture: SandboxStoreFixture;
  let sandbox: SandboxProcess;
  let store: TestStore;

  beforeAll(async () => {
    fixture = await startSandboxStore();
    ({ sandbox, store } = fixture);
  });
  afterAll(async () => fixture?.stop());

  const perform = () =>
    createOrderActions({ db: fixture.database.db, connectionFor: () => store.connection, timeoutMs: 2_000 });
  const act = (orderId: string, request: Parameters<ReturnType<typeof perform>>[0]["request"]) =>
    perform()({ storeId: store.connection.id, orderId, request });

  /** A delivery order polled into Comanda and made ready, so Dispatch is its next step. */
  async function readyOrder(deliveredBy: "MARKETPLACE" | "MERCHANT"): Promise<string> {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: store.connection.id,
      type: "DELIVERY",
      deliveredBy,
    });
    await store.connection.poller.pollOnce();
    await act(orderId, { action: "confirm" });
    await act(orderId, { action: "readyForPickup" });
    return orderId;
  }

  const calls = (orderId: string, operation: string) =>
    sandbox
      .control<LoggedRequest[]>("GET", `/control/requests?orderId=${orderId}`)
      .then((log) => log.filter((entry) => entry.method === "POST" && entry.path.includes(`/${orderId}/${operation}`)));

  const codeOf = async (orderId: string) => {
    const view = await sandbox.control<{ order: { delivery?: { pickupCode?: string } } }>(
      "GET",
      `/control/orders/${orderId}`,
    );
    return view.order.delivery?.pickupCode;
  };

  it("dispatches once the platform says the courier's code is right", async () => {
    const orderId = await readyOrder("MARKETPLACE");
    const code = await codeOf(orderId);
    expect(code).toMatch(/^\d+$/);
    expect((await findOrder(fixture.database.db, store.connection.id, orderId))?.board.pickupCode).toBe(code);
    const card = await act(orderId, { action: "dispatch", pickupCode: code });
    expect(card.column).toBe("dispatched");
    expect((await calls(orderId, "validateCode")).map((c) => c.status)).toEqual([200]);
    expect((await calls(orderId, "dispatch")).map((c) => c.status)).toEqual([202]);
  });

  it("refuses a wrong code with a sentence, and the platform sees no dispatch", async () => {
    const orderId = await readyOrder("MARKETPLACE");
    const code = await codeOf(orderId);
    const wrong = code === "0000" ? "0001" : "0000";
    const error = await act(orderId, { action: "dispatch", pickupCode: wrong }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("wrong_pickup_code");
    expect((error as AppError).message).toMatch(/Nothing was dispatched/);
    expect((await calls(orderId, "validateCode")).map((c) => c.status)).toEqual([400]);
    expect(await calls(orderId, "dispatch")).toEqual([]);
    const missing = await act(orderId, { action: "dispatch" }).catch((e: unknown) => e);
    expect((missing as AppError).code).toBe("pickup_code_required");
    expect(await calls(orderId, "dispatch")).toEqual([]);
  });

  it("dispatches directly an order the platform asks no code for", async () => {
    const orderId = await readyOrder("MERCHANT");
    expect(await codeOf(orderId)).toBeUndefined();
    const card = await act(orderId, { action: "dispatch" });
    expect(card.column).toBe("dispatched");
    expect(await calls(orderId, "validateCode")).toEqual([]);
    expect((await calls(orderId, "dispatch")).map((c) => c.status)).toEqual([202]);
  });
});
