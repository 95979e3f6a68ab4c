import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { v2DocumentsFound, v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { connectTestStore, type TestStore } from "@/e2e/support/store-connection";
import { createOrderActions } from "@/lib/actions/perform-order-action";
import { getOrderTimeline } from "@/lib/db/order-reads";
import { orders } from "@/lib/db/schema";
import { V2_ORIGINAL_KEY } from "@/lib/platform/v2/to-comanda";
import { forgetDiscovery, rememberedDiscovery } from "./discovery";

// A connection whose platform's manifest declares Open Delivery 2.0, against the sandbox speaking
// 2.0 over real HTTP and a real database: the order is polled, read, mapped and shown as a 1.x
// one is; actions go out in 2.0; the platform's status (GET /v2/orders/{id}) is the truth the
// board reconciles with, and a platform that does not answer leaves the card marked, not moved.

const describeV2 = describe.skipIf(!v2DocumentsFound);

describeV2(
  `a 2.0 connection against the 2.0 sandbox over HTTP${v2DocumentsFound ? "" : " — skipped: ../shared not present"}`,
  () => {
    let sandbox: SandboxProcess;
    let merchant: SandboxMerchant;
    let database: TestDatabase;
    let store: TestStore;

    beforeAll(async () => {
      sandbox = await startSandboxProcess({ openDelivery: "2.0" });
      [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
      database = await createTestDatabase(testDatabaseKinds[0]!);
      // The app's way: the manifest read decides the dialect, each call asks it.
      store = await connectTestStore(sandbox, merchant, database, { discovered: true });
      expect(rememberedDiscovery(store.connection.connectionId)).toMatchObject({ state: "read", dialect: "2.0" });
    });
    afterAll(async () => {
      await forgetDiscovery(database.db, store.connection.connectionId).catch(() => undefined);
      await database?.destroy();
      await sandbox?.stop();
    });
    afterEach(async () => sandbox.control("DELETE", "/control/faults"));

    const poller = () => store.connection.poller;
    const createOrder = (body: Record<string, unknown> = {}) =>
      sandbox
        .control<{ orderId: string }>("POST", "/control/orders", { merchantId: merchant.merchantId, ...body })
        .then((r) => r.orderId);
    const card = async (orderId: string) => {
      const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      return row!;
    };
    const platformOrder = (orderId: string) =>
      sandbox.control<Record<string, unknown>>("GET", `/control/orders/${orderId}/v2`);
    /** This order's outcome in a round (the round may compare other active orders too). */
    const reconcileOf = async (orderId: string) =>
      (await poller().reconcile([orderId])).find((outcome) => outcome.orderId === orderId);
    const actions = () =>
      createOrderActions({ db: database.db, connectionFor: () => store.connection, timeoutMs: 5_000 });

    it("ingests a 2.0 order: polled, acknowledged, read, stored in the shape every reader knows, shown", async () => {
      const orderId = await createOrder({ type: "DELIVERY" });
      const result = await poller().pollOnce();
      expect(result).toMatchObject({ stored: 1, acknowledged: 1 });

      const row = await card(orderId);
      const v2 = await platformOrder(orderId);
      expect(v2SchemaErrors("orders", "Order", v2)).toEqual([]);
      expect(row.detailsError).toBeNull();
      expect(row.summary).toMatchObject({ displayId: v2.displayId, type: "DELIVERY" });
      expect(row.board).toMatchObject({ column: "new", displayId: v2.displayId });
      const details = row.details as Record<string, unknown>;
      expect(details.type).toBe("DELIVERY");
      expect(details[V2_ORIGINAL_KEY]).toMatchObject({ id: orderId, status: "CREATED" });
      const items = v2.items as { name: string; quantity: number }[];
      expect(row.board.lines?.map((line) => [line.name, line.quantity])).toEqual(
        items.map((i) => [i.name, i.quantity]),
      );
      // The platform took the acknowledgment: nothing pending.
      expect((await poller().pollOnce()).received).toBe(0);
    });

    it("confirms in 2.0 (202), and a repeated confirm is success too", async () => {
      const orderId = await createOrder({ type: "TAKEOUT" });
      await poller().pollOnce();
      const { storeId } = await card(orderId);
      const confirmed = await actions()({ storeId, orderId, request: { action: "confirm", preparationTime: 20 } });
      expect(confirmed.column).toBe("preparing");
      expect((await platformOrder(orderId)).status).toBe("CONFIRMED");
      // The platform's CONFIRMED comes by polling and agrees with the card.
      await poller().pollOnce();
      expect((await card(orderId)).board.column).toBe("preparing");
      // Repeated at the platform: 202, no new transition (orders.openapi.yaml, duplicate lifecycle calls).
      const again = await store.connection.client.orderAction(orderId, "confirm", {});
      expect(again.status).toBe(202);
      // A takeout's "picked up" is 2.0's delivered (PICKED_UP is gone).
      await actions()({ storeId, orderId, request: { action: "readyForPickup" } });
      await actions()({ storeId, orderId, request: { action: "pickedUp" } });
      expect((await platformOrder(orderId)).status).toBe("DELIVERED");
    });

    it("shows the platform courier's facts on the card with the courier's name, never moving it", async () => {
      const orderId = await createOrder({ type: "DELIVERY", deliveredBy: "MARKETPLACE" });
      await poller().pollOnce();
      const { storeId } = await card(orderId);
      await actions()({ storeId, orderId, request: { action: "confirm", preparationTime: 20 } });
      await sandbox.control("POST", `/control/orders/${orderId}/courier`, { fact: "ASSIGNED" });
      await poller().pollOnce();
      expect((await card(orderId)).board).toMatchObject({
        column: "preparing",
        courier: { fact: "assigned", name: "Rafael Entregas" },
      });
      await sandbox.control("POST", `/control/orders/${orderId}/courier`, {
        fact: "AT_STORE",
        courier: { id: "c-9", name: "Joana" },
      });
      await poller().pollOnce();
      expect((await card(orderId)).board).toMatchObject({
        column: "preparing",
        courier: { fact: "atStore", name: "Joana" },
      });
      expect((await platformOrder(orderId)).status).toBe("CONFIRMED");
      const timeline = await getOrderTimeline(database.db, storeId, orderId);
      expect(timeline.map((entry) => entry.name)).toEqual(
        expect.arrayContaining(["PICKUP_ONGOING", "RIDER_ARRIVED_AT_STORE"]),
      );
    });

    it("follows a status the platform changed with no event: the card moves, the timeline says so", async () => {
      const orderId = await createOrder({ type: "DELIVERY" });
      await poller().pollOnce();
      await sandbox.control("PUT", `/control/orders/${orderId}/status`, { status: "READY" });
      expect((await poller().pollOnce()).received).toBe(0);
      const outcomes = await poller().reconcile([orderId]);
      expect(outcomes).toContainEqual({ orderId, outcome: "moved", platformStatus: "READY" });
      const row = await card(orderId);
      expect(row.board.column).toBe("ready");
      expect(row.board.statusUnconfirmed).toBeUndefined();
      const timeline = await getOrderTimeline(database.db, row.storeId, orderId);
      expect(timeline.map((entry) => entry.name)).toContain("reconciled:READY_FOR_PICKUP");
      // Once more: it agrees, nothing new is stored.
      expect(await poller().reconcile([orderId])).toContainEqual({
        orderId,
        outcome: "agrees",
        platformStatus: "READY",
      });
      expect((await getOrderTimeline(database.db, row.storeId, orderId)).length).toBe(timeline.length);
    });

    it("leaves the card as it is, marked unconfirmed, while the platform does not answer; clears it when it does", async () => {
      const orderId = await createOrder({ type: "DELIVERY" });
      await poller().pollOnce();
      await sandbox.control("PUT", `/control/orders/${orderId}/status`, { status: "CONFIRMED" });
      await sandbox.control("PUT", "/control/faults", {
        rules: [{ route: `GET /v2/orders/${orderId}`, errorRate: 1, errorStatus: 503 }],
      });
      expect(await reconcileOf(orderId)).toEqual({ orderId, outcome: "unreachable" });
      let row = await card(orderId);
      expect(row.board).toMatchObject({ column: "new", statusUnconfirmed: true });
      // Retried: still unreachable, still one mark (nothing stored twice).
      const before = (await getOrderTimeline(database.db, row.storeId, orderId)).length;
      await poller().reconcile([orderId]);
      expect((await getOrderTimeline(database.db, row.storeId, orderId)).length).toBe(before);

      await sandbox.control("DELETE", "/control/faults");
      expect(await reconcileOf(orderId)).toEqual({ orderId, outcome: "moved", platformStatus: "CONFIRMED" });
      row = await card(orderId);
      expect(row.board.column).toBe("preparing");
      expect(row.board.statusUnconfirmed).toBeUndefined();
    });

    it("cancels the card when the platform cancels (CANCELLED, no handshake): the kitchen's stop-cooking case", async () => {
      const orderId = await createOrder({ type: "DELIVERY" });
      await poller().pollOnce();
      const { storeId } = await card(orderId);
      await actions()({ storeId, orderId, request: { action: "confirm" } });
      await sandbox.control("POST", `/control/orders/${orderId}/customer-cancellation`);
      await poller().pollOnce();
      const row = await card(orderId);
      expect(row.board.column).toBe("cancelled");
      expect(row.board.cancellationRequest).toBeUndefined();
    });

    it("asks to cancel in 2.0: accepted (the card still open), then CANCELLED", async () => {
      const orderId = await createOrder({ type: "TAKEOUT" });
      await poller().pollOnce();
      const { storeId } = await card(orderId);
      const asked = await actions()({
        storeId,
        orderId,
        request: { action: "requestCancellation", code: "UNAVAILABLE_ITEM", reason: "Acabou o queijo" },
      });
      expect(asked.column).not.toBe("cancelled");
      await poller().pollOnce();
      const row = await card(orderId);
      expect(row.board.column).toBe("cancelled");
      const names = (await getOrderTimeline(database.db, storeId, orderId)).map((entry) => entry.name);
      expect(names).toEqual(expect.arrayContaining(["CANCELLATION_REQUEST_ACCEPTED", "CANCELLED"]));
    });

    it("refuses a 1.x order on this 2.0 connection in a sentence, flagged, never half-read", async () => {
      const orderId = await createOrder({ type: "DELIVERY" });
      const v1 = { id: orderId, type: "DELIVERY", displayId: "X1", createdAt: new Date().toISOString(), items: [] };
      await sandbox.control("PUT", `/control/orders/${orderId}/raw-details`, v1);
      await expect(store.connection.client.getOrder(orderId)).rejects.toThrow(/1\.x order .* on a 2\.0 connection/);
      await sandbox.control("DELETE", `/control/orders/${orderId}/raw-details`);
      await poller().pollOnce();
      expect((await card(orderId)).detailsError).toBeNull();
    });
  },
);
