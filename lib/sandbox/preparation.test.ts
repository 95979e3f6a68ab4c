import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

type ControlOrder = {
  order: { preparationStartDateTime: string; orderTiming: string };
  events: { eventType: string }[];
};

describe("PREPARATION_REQUESTED", () => {
  it("is emitted once when the clock reaches a scheduled order's preparation start, not for instant or cancelled orders", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const scheduled = await sbx.createOrder({ orderTiming: "SCHEDULED", type: "DELIVERY" });
    const confirmed = await sbx.createOrder({ orderTiming: "SCHEDULED", type: "TAKEOUT" });
    const cancelled = await sbx.createOrder({ orderTiming: "SCHEDULED", type: "INDOOR" });
    const instant = await sbx.createOrder({ orderTiming: "INSTANT" });
    await sbx.drain(token);
    expect((await sbx.call("POST", `/v1/orders/${confirmed}/confirm`, { token })).status).toBe(202);
    const cancel = await sbx.call("POST", `/v1/orders/${cancelled}/requestCancellation`, {
      token,
      body: { reason: "Fechamos", code: "INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT", mode: "MANUAL" },
    });
    expect(cancel.status).toBe(202);
    await sbx.drain(token);

    const { order } = await sbx.control<ControlOrder>("GET", `/control/orders/${scheduled}`);
    expect(order.orderTiming).toBe("SCHEDULED");
    const { now } = await sbx.control<{ now: string }>("GET", "/control/clock");
    const untilStart = Math.ceil((Date.parse(order.preparationStartDateTime) - Date.parse(now)) / 1000);
    expect(untilStart).toBeGreaterThan(60);

    // A minute early: nothing yet.
    await sbx.control("POST", "/control/clock", { advanceSeconds: untilStart - 60 });
    expect((await sbx.poll(token)).events.filter((e) => e.orderId === scheduled)).toEqual([]);

    // Every scheduled order of the factory starts within 4 h: all open ones are now due.
    await sbx.control("POST", "/control/clock", { advanceSeconds: 4 * 3600 });
    // Tokens live 6 h on the same clock: take a fresh one.
    const events = await sbx.drain(await sbx.token());
    const requested = events.filter((e) => e.eventType === "PREPARATION_REQUESTED").map((e) => e.orderId);
    expect(requested.sort()).toEqual([scheduled, confirmed].sort());
    expect(requested).not.toContain(instant);

    await sbx.control("POST", "/control/clock", { advanceSeconds: 3600 });
    expect((await sbx.poll(await sbx.token())).status).toBe(204);
    const after = await sbx.control<ControlOrder>("GET", `/control/orders/${scheduled}`);
    // Nobody confirmed it within 8 minutes of its preparation start: the platform cancelled it.
    expect(after.events.map((e) => e.eventType)).toEqual(["CREATED", "PREPARATION_REQUESTED", "CANCELLED"]);
  });

  it("comes on its own as real time passes (the periodic check), and survives a restart without repeating", async () => {
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    sbx = await startTestSandbox({ now });
    const token = await sbx.token();
    const id = await sbx.createOrder({ orderTiming: "SCHEDULED" });
    await sbx.drain(token);
    offset = 5 * 3600 * 1000;
    const platform = sbx.sandbox.platform;
    // The timer runs every few seconds; calling its check directly keeps the test fast.
    expect(platform.requestDuePreparations().map((e) => e.orderId)).toEqual([id]);
    expect(platform.requestDuePreparations()).toEqual([]);
    const dataDir = sbx.dataDir;
    await sbx.close({ keepData: true });
    sbx = await startTestSandbox({ now, dataDir });
    expect(sbx.sandbox.platform.requestDuePreparations()).toEqual([]);
  });

  it("lets the control API choose the window (scheduledFor): preparation 50 min before for delivery, 30 otherwise", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const { now } = await sbx.control<{ now: string }>("GET", "/control/clock");
    const window = new Date(Date.parse(now) + 51 * 60_000).toISOString();
    const delivery = await sbx.createOrder({ type: "DELIVERY", scheduledFor: window });
    const takeout = await sbx.createOrder({ type: "TAKEOUT", orderTiming: "SCHEDULED", scheduledFor: window });
    const read = async (id: string) =>
      (
        await sbx.control<ControlOrder & { order: { schedule: { scheduledDateTimeStart: string } } }>(
          "GET",
          `/control/orders/${id}`,
        )
      ).order;
    const [d, t] = [await read(delivery), await read(takeout)];
    expect(d).toMatchObject({ orderTiming: "SCHEDULED", schedule: { scheduledDateTimeStart: window } });
    expect(Date.parse(window) - Date.parse(d.preparationStartDateTime)).toBe(50 * 60_000);
    expect(Date.parse(window) - Date.parse(t.preparationStartDateTime)).toBe(30 * 60_000);

    await sbx.drain(token);
    await sbx.control("POST", "/control/clock", { advanceSeconds: 61 });
    expect((await sbx.drain(token)).map((e) => [e.orderId, e.eventType])).toEqual([
      [delivery, "PREPARATION_REQUESTED"],
    ]);

    const refused = await sbx.call("POST", "/control/orders", {
      body: { orderTiming: "INSTANT", scheduledFor: window },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { title: string }).title).toContain("scheduledFor");
  });
});
