import { afterEach, describe, expect, it } from "vitest";
import { createRng } from "../random";
import { simulatorTick } from "../simulator";
import { describeErrors, officialSchema } from "../../../e2e/support/sandbox/harness";
import { storeDomainOf } from "./domain";
import { simulateStoreOrder } from "./simulated-order";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

let kit: StoreKit;
afterEach(async () => {
  await kit?.close();
});

describe("simulator", () => {
  it("orders through the store API domain with a realistic mix, every order valid on the interchange side", async () => {
    kit = await startStoreKit();
    const { platform } = kit.sandbox;
    const rng = createRng(42);
    const validate = officialSchema("order-details", "response");
    const orders = Array.from({ length: 120 }, () => simulateStoreOrder(platform, rng));
    const records = orders.map((o) => platform.state.orders.get(o.interchangeId));
    for (const record of records) {
      expect(record).toBeDefined();
      expect(validate(record!.order), describeErrors(validate)).toBe(true);
      expect(record!.order.salesChannel).toBe("Comanda Sandbox Store API");
    }
    const count = (predicate: (o: (typeof records)[number]) => boolean) => records.filter(predicate).length;
    expect(count((r) => r!.order.type === "DELIVERY")).toBeGreaterThan(40);
    expect(count((r) => r!.order.type === "TAKEOUT")).toBeGreaterThan(10);
    expect(count((r) => r!.order.type === "INDOOR")).toBeGreaterThan(3);
    const scheduled = count((r) => r!.order.orderTiming === "SCHEDULED");
    expect(scheduled).toBeGreaterThan(3);
    expect(scheduled).toBeLessThan(30);
    const methods = records.map((r) => r!.order.payments.methods[0]);
    expect(
      methods.filter((m) => m?.method === "CASH").every((m) => (m?.changeFor ?? 0) >= (m?.value ?? Infinity)),
    ).toBe(true);
    expect(new Set(methods.map((m) => `${m?.method}:${m?.type}`))).toEqual(
      new Set(["CASH:PENDING", "PIX:PREPAID", "CREDIT:PENDING", "CREDIT:PREPAID"]),
    );
    expect(count((r) => r!.order.discounts.length > 0)).toBeGreaterThan(3);
    expect(new Set(records.map((r) => r!.merchantId)).size).toBe(2);
    // The store API sees them: logged-in customers' orders are in their history.
    const domain = storeDomainOf(platform);
    expect(domain.orders.length).toBe(120);
    expect(domain.orders.filter((o) => o.customerId !== undefined).length).toBeGreaterThan(30);
  });

  it("schedules orders for the next opening when every store is closed", async () => {
    kit = await startStoreKit(new Date("2026-11-20T09:00:00Z")); // Friday 06:00 in São Paulo
    const order = simulateStoreOrder(kit.sandbox.platform, createRng(3));
    const record = kit.sandbox.platform.state.orders.get(order.interchangeId);
    expect(record?.order.orderTiming).toBe("SCHEDULED");
    expect(Date.parse(record!.order.schedule!.scheduledDateTimeStart)).toBeGreaterThan(
      Date.parse("2026-11-20T13:59:00Z"),
    );
  });

  it("opened around the clock (npm start's demo), fills both stores at 6 a.m., the kitchen demo's first included", async () => {
    const at = new Date("2026-11-20T09:00:00Z"); // Friday 06:00 in São Paulo: both catalogues closed
    kit = await startStoreKit(at, { openAroundTheClock: true });
    const { platform } = kit.sandbox;
    const rng = createRng(5);
    const records = Array.from({ length: 30 }, () => simulateStoreOrder(platform, rng)).map((order) =>
      platform.state.orders.get(order.interchangeId)!,
    );
    const now = records.filter((record) => record.order.orderTiming === "INSTANT");
    // The first store is the kitchen demo's (lib/auth/seed.ts): it gets orders for now, not only for later.
    expect(now.filter((record) => record.merchantId === kit.pizzaria.merchantId).length).toBeGreaterThan(5);
    expect(now.filter((record) => record.merchantId === kit.burger.merchantId).length).toBeGreaterThan(5);
    const current = await kit.store("GET", "/stores/current", { token: await kit.appToken() });
    expect((await kit.data<{ status: string }>(current)).status).toBe("OPEN");
  });

  it("now and then a customer asks to cancel a recent order", async () => {
    kit = await startStoreKit();
    const { platform } = kit.sandbox;
    const rng = createRng(11);
    const recent: string[] = [];
    for (let i = 0; i < 80; i++) simulatorTick(platform, rng, recent);
    const requests = platform.state.events.filter((e) => e.eventType === "ORDER_CANCELLATION_REQUEST");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThan(15);
    expect(platform.state.orders.get(requests[0]!.orderId)?.customerCancellation?.state).toBe("PENDING");
  });
});
