import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import { actionRequestSchema } from "@/lib/contract/action-request";
import { REPLACEMENT } from "@/lib/contract/storable-text";
import { ORIGINAL_DETAILS_KEY } from "@/lib/platform/interchange/client";
import { useSandboxStore } from "@/e2e/support/sandbox-store-fixture";
import { createOrderActions } from "@/lib/actions/perform-order-action";

// Text PostgreSQL refuses (NUL in text and jsonb, lone surrogates) must never stop a store's feed
// nor lose an action's audit row.
describe("poison text, from the platform and from staff", () => {
  const fixture = useSandboxStore();

  const placeOrder = (body: Record<string, unknown> = {}) =>
    fixture.sandbox
      .control<{ orderId: string }>("POST", "/control/orders", { merchantId: fixture.store.connection.id, ...body })
      .then(({ orderId }) => orderId);

  const storedOrder = async (orderId: string) => {
    const [row] = await fixture.database.db.select().from(orders).where(eq(orders.id, orderId));
    return row;
  };

  it("ingests an order whose customer name carries NUL and lone surrogates, and the store goes on", async () => {
    const poisoned = await placeOrder({ type: "DELIVERY", customerName: "Ana\u0000Souza \ud800 \udfff" });
    await fixture.store.connection.poller.pollOnce();
    const row = await storedOrder(poisoned);
    expect(row?.summary?.customerName).toBe(`Ana${REPLACEMENT}Souza ${REPLACEMENT} ${REPLACEMENT}`);
    // The order as the platform sent it is kept, encoded, for audit.
    const original = (row?.details as Record<string, string>)[ORIGINAL_DETAILS_KEY]!;
    expect(JSON.parse(original).customer.name).toBe("Ana\u0000Souza \ud800 \udfff");
    const events = await fixture.database.db.select().from(platformEvents).where(eq(platformEvents.orderId, poisoned));
    expect(events.every((event) => event.acknowledgedAt instanceof Date)).toBe(true);

    const next = await placeOrder();
    await fixture.store.connection.poller.pollOnce();
    expect((await storedOrder(next))?.board.column).toBe("new");
    expect((await fixture.store.connection.poller.pollOnce()).received).toBe(0);
  });

  it("records and answers a cancellation request whose reason carries NUL", async () => {
    const orderId = await placeOrder();
    await fixture.store.connection.poller.pollOnce();
    const perform = createOrderActions({
      db: fixture.database.db,
      connectionFor: () => fixture.store.connection,
      timeoutMs: 2_000,
    });
    const request = actionRequestSchema.parse({
      action: "requestCancellation",
      code: "SYSTEMIC_ISSUES",
      reason: "a\u0000b",
    });
    await perform({ storeId: fixture.store.connection.id, orderId, request, actor: "Rita" });
    const [audit] = await fixture.database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
    expect(audit).toMatchObject({ action: "requestCancellation", outcome: "succeeded", actor: "Rita" });
    expect(JSON.stringify(audit?.requestBody)).toContain(`a${REPLACEMENT}b`);
  });
});
