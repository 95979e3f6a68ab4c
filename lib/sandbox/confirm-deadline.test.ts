import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

type ControlOrder = {
  order: { preparationStartDateTime: string };
  events: { eventType: string; metadata?: { code?: string; reason?: string } }[];
};

const eventsOf = async (id: string) => (await sbx.control<ControlOrder>("GET", `/control/orders/${id}`)).events;

describe("the confirm deadline", () => {
  it("cancels an order nobody confirmed within 8 minutes, saying why; confirmed orders stay", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    // For now, not scheduled (a scheduled order's deadline runs from its preparation start).
    const waiting = await sbx.createOrder({ type: "DELIVERY", orderTiming: "INSTANT" });
    const confirmed = await sbx.createOrder({ type: "TAKEOUT", orderTiming: "INSTANT" });
    expect((await sbx.call("POST", `/v1/orders/${confirmed}/confirm`, { token })).status).toBe(202);

    // Well either side of the deadline: a loaded machine's real seconds pass on this clock too.
    await sbx.control("POST", "/control/clock", { advanceSeconds: 7 * 60 });
    expect((await eventsOf(waiting)).map((e) => e.eventType)).toEqual(["CREATED"]);

    await sbx.control("POST", "/control/clock", { advanceSeconds: 90 });
    const cancelled = (await eventsOf(waiting)).find((e) => e.eventType === "CANCELLED");
    expect(cancelled).toMatchObject({
      eventType: "CANCELLED",
      metadata: { code: "OTHER_CANCELLATION_REASON", reason: expect.stringContaining("8 minutes") },
    });
    expect((await eventsOf(confirmed)).map((e) => e.eventType)).toEqual(["CREATED", "CONFIRMED"]);
    // The merchant hears of it by polling, and can no longer confirm it.
    const polled = await sbx.drain(token);
    expect(polled.filter((e) => e.orderId === waiting).map((e) => e.eventType)).toContain("CANCELLED");
    expect((await sbx.call("POST", `/v1/orders/${waiting}/confirm`, { token })).status).toBe(422);
  });

  it("counts a scheduled order's deadline from its preparation start, and can be switched off", async () => {
    sbx = await startTestSandbox();
    const scheduled = await sbx.createOrder({ orderTiming: "SCHEDULED" });
    const { order } = await sbx.control<ControlOrder>("GET", `/control/orders/${scheduled}`);
    const { now } = await sbx.control<{ now: string }>("GET", "/control/clock");
    const untilStart = Math.ceil((Date.parse(order.preparationStartDateTime) - Date.parse(now)) / 1000);
    expect(untilStart).toBeGreaterThan(10 * 60);
    // Long after its creation, but before its preparation start plus 8 minutes: still waiting.
    await sbx.control("POST", "/control/clock", { advanceSeconds: untilStart + 6 * 60 });
    expect((await eventsOf(scheduled)).map((e) => e.eventType)).not.toContain("CANCELLED");
    await sbx.control("POST", "/control/clock", { advanceSeconds: 150 });
    expect((await eventsOf(scheduled)).map((e) => e.eventType)).toContain("CANCELLED");
    await sbx.close();

    sbx = await startTestSandbox({ confirmDeadlineMinutes: 0 });
    const patient = await sbx.createOrder({ orderTiming: "INSTANT" });
    await sbx.control("POST", "/control/clock", { advanceSeconds: 3600 });
    expect((await eventsOf(patient)).map((e) => e.eventType)).toEqual(["CREATED"]);
  });
});
