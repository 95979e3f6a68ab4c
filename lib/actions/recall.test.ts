import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { TestDatabase } from "@/e2e/support/database";
import type { LoggedRequest, SandboxProcess } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture, type TestStore } from "@/e2e/support/store-connection";
import { findOrder } from "@/lib/db/order-reads";
import { recallOrder } from "@/lib/db/recalls";
import { orderActions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { createOrderActions } from "./perform-order-action";

/** Issue 27: a bump recalled on the board, against the sandbox platform over HTTP (docs/kitchen.md). */
describe("recalling a bump", () => {
  let fixture: SandboxStoreFixture;
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let store: TestStore;

  beforeAll(async () => {
    fixture = await startSandboxStore();
    ({ sandbox, database, store } = fixture);
  });
  afterAll(async () => fixture?.stop());

  const act = (orderId: string, action: "confirm" | "readyForPickup" | "pickedUp") =>
    createOrderActions({
      db: database.db,
      connectionFor: () => store.connection,
      timeoutMs: 2_000,
    })({
      storeId: store.connection.id,
      orderId,
      request: action === "confirm" ? { action, preparationTime: 20 } : { action },
      actor: "Rita",
    });
  const recall = (orderId: string, from: "ready" | "dispatched" | "done") =>
    recallOrder(database.db, { storeId: store.connection.id, orderId, from, actor: "Rita" });
  const readyCalls = async (orderId: string) =>
    (await sandbox.control<LoggedRequest[]>("GET", `/control/requests?orderId=${orderId}`)).filter(
      (entry) => entry.method === "POST" && entry.path.endsWith(`/v1/orders/${orderId}/readyForPickup`),
    );

  async function takeoutOrder(): Promise<string> {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: store.connection.id,
      type: "TAKEOUT",
    });
    await store.connection.poller.pollOnce();
    return orderId;
  }

  it("takes the card back to In preparation, stays there when the platform's event comes, and a second bump is done despite the platform's 422", async () => {
    const orderId = await takeoutOrder();
    await act(orderId, "confirm");
    expect((await act(orderId, "readyForPickup")).column).toBe("ready");
    expect(await readyCalls(orderId)).toHaveLength(1);

    const recalled = await recall(orderId, "ready");
    expect(recalled.column).toBe("preparing");
    expect(recalled.recalled?.platformColumn).toBe("ready");
    // Announced like any board write: what every tablet of the store receives.
    expect(store.published.at(-1)).toEqual(recalled);
    // The platform's READY_FOR_PICKUP event, polled after the recall, is an echo: nothing moves.
    await store.connection.poller.pollOnce();
    expect((await findOrder(database.db, store.connection.id, orderId))?.board.column).toBe("preparing");
    // Audited: who recalled, from where, and that no platform answered (a local action).
    const [row] = await database.db
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.orderId, orderId), eq(orderActions.action, "recall")));
    expect(row).toMatchObject({ actor: "Rita", requestBody: { from: "ready" }, responseStatus: null });

    // Bumped again: re-sent, the platform says it already is (422), and the card is Ready.
    const again = await act(orderId, "readyForPickup");
    expect(again.column).toBe("ready");
    expect(again.recalled).toBeUndefined();
    expect((await readyCalls(orderId)).map((call) => call.status)).toEqual([202, 422]);
  });

  it("reopens a finished order, and refuses a card that is not where the cook saw it", async () => {
    const orderId = await takeoutOrder();
    await act(orderId, "confirm");
    await act(orderId, "readyForPickup");
    await expect(recall(orderId, "done")).rejects.toMatchObject({ code: "action_not_allowed" });
    await act(orderId, "pickedUp");
    const reopened = await recall(orderId, "done");
    expect(reopened.column).toBe("ready");
    expect(reopened.finishedAt).toBeNull();
    expect(reopened.recalled?.platformColumn).toBe("done");
    const error = await recall(orderId, "done").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
  });

  it("never recalls a confirm", async () => {
    const orderId = await takeoutOrder();
    await act(orderId, "confirm");
    await expect(recall(orderId, "ready")).rejects.toMatchObject({ code: "action_not_allowed" });
  });
});
