import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officialErrors, type OfficialOperation } from "@/e2e/support/official-schemas";
import { officialSchemasFound } from "@/e2e/support/open-delivery-spec";
import type { LoggedRequest, SandboxProcess } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture, type TestStore } from "@/e2e/support/store-connection";
import { createOrderActions, type PerformOrderAction } from "@/lib/actions/perform-order-action";

const operationByPath: Array<[RegExp, OfficialOperation]> = [
  [/\/v1\/events\/acknowledgment$/, "order-ack"],
  [/\/confirm$/, "order-confirm"],
  [/\/dispatch$/, "order-dispatch"],
  [/\/requestCancellation$/, "order-cancel-request"],
  [/\/denyCancellation$/, "order-cancel-deny"],
];

describe("every body Comanda sends validates against the standard's official request schemas", () => {
  let fixture: SandboxStoreFixture;
  let sandbox: SandboxProcess;
  let store: TestStore;
  let perform: PerformOrderAction;

  beforeAll(async () => {
    fixture = await startSandboxStore();
    ({ sandbox, store } = fixture);
    perform = createOrderActions({
      db: fixture.database.db,
      connectionFor: () => store.connection,
      timeoutMs: 5_000,
    });
  });
  afterAll(async () => fixture?.stop());

  async function newOrder(type: "DELIVERY" | "TAKEOUT"): Promise<string> {
    // The store's own courier: the platform's would bring a pickup code that the dispatch must carry.
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: store.connection.id,
      type,
      ...(type === "DELIVERY" && { deliveredBy: "MERCHANT" }),
    });
    await store.connection.poller.pollOnce();
    return orderId;
  }

  it("for acknowledgments, confirm, dispatch, requestCancellation and denyCancellation", async () => {
    const delivery = await newOrder("DELIVERY");
    await perform({
      storeId: store.connection.id,
      orderId: delivery,
      request: { action: "confirm", preparationTime: 25 },
    });
    await perform({
      storeId: store.connection.id,
      orderId: delivery,
      request: { action: "dispatch", deliveryPerson: "Jorge", vehicleType: "MOTORBIKE_BAG", etaMinutes: 20 },
    });

    const cancelled = await newOrder("TAKEOUT");
    await perform({
      storeId: store.connection.id,
      orderId: cancelled,
      request: { action: "requestCancellation", code: "UNAVAILABLE_ITEM", reason: "Acabou a massa" },
    });

    const disputed = await newOrder("TAKEOUT");
    await perform({ storeId: store.connection.id, orderId: disputed, request: { action: "confirm" } });
    await sandbox.control("POST", `/control/orders/${disputed}/customer-cancellation`);
    await store.connection.poller.pollOnce();
    await perform({
      storeId: store.connection.id,
      orderId: disputed,
      request: { action: "denyCancellation", code: "DISH_ALREADY_DONE", reason: "Já está pronto" },
    });
    await store.connection.poller.pollOnce();

    const log = await sandbox.control<LoggedRequest[]>("GET", "/control/requests");
    const checked = new Map<OfficialOperation, number>();
    for (const entry of log.filter((request) => request.method === "POST")) {
      const operation = operationByPath.find(([pattern]) => pattern.test(entry.path))?.[1];
      if (!operation) continue;
      expect({ path: entry.path, status: entry.status, errors: officialErrors(operation, entry.body) }).toMatchObject({
        errors: [],
      });
      expect(entry.status).toBeLessThan(300);
      checked.set(operation, (checked.get(operation) ?? 0) + 1);
    }
    expect([...checked.keys()].sort()).toEqual([
      "order-ack",
      "order-cancel-deny",
      "order-cancel-request",
      "order-confirm",
      "order-dispatch",
    ]);
  });

  it.skipIf(!officialSchemasFound)("the check has teeth: a body missing a required field fails it", () => {
    expect(officialErrors("order-confirm", { preparationTime: 10 })).not.toEqual([]);
    expect(officialErrors("order-cancel-request", { reason: "x", code: "MOTORBIKE_BAG", mode: "MANUAL" })).not.toEqual(
      [],
    );
  });
});
