import { afterEach, describe, expect, it } from "vitest";
import {
  describeErrors,
  officialSchema,
  startTestSandbox,
  type PolledEvent,
  type TestSandbox,
} from "../../e2e/support/sandbox/harness";

// Fuzz mode: random but schema-valid answers, hostile in content, repeatable from a seed.

const sandboxes: TestSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});

async function fuzzingSandbox(settings: Record<string, unknown> = { seed: 42 }, now?: () => Date) {
  const sbx = await startTestSandbox(now ? { now } : {});
  sandboxes.push(sbx);
  await sbx.control("PUT", "/control/fuzz", settings);
  return { sbx, token: await sbx.token() };
}

/** Polls `polls` times and reads every order named, checking both against the standard's schemas. */
async function run(sbx: TestSandbox, token: string, polls: number) {
  const events: PolledEvent[] = [];
  const orders = new Map<string, Record<string, unknown>>();
  const validateOrder = officialSchema("order-details", "response");
  for (let i = 0; i < polls; i += 1) events.push(...(await sbx.poll(token)).events);
  for (const orderId of new Set(events.map((event) => event.orderId))) {
    const response = await sbx.call("GET", `/v1/orders/${orderId}`, { token });
    expect(response.status).toBe(200);
    const order = (await response.json()) as Record<string, unknown>;
    if (!validateOrder(order)) throw new Error(`order breaks the official schema: ${describeErrors(validateOrder)}`);
    orders.set(orderId, order);
  }
  return { events, orders };
}

const withoutUrl = (events: PolledEvent[]) => events.map((event) => ({ ...event, orderURL: undefined }));

describe("fuzz mode", () => {
  it("is off by default, and the sandbox's own orders are served", async () => {
    const sbx = await startTestSandbox();
    sandboxes.push(sbx);
    expect(await sbx.control("GET", "/control/fuzz")).toEqual({ enabled: false, settings: null });
    const orderId = await sbx.createOrder();
    const { events } = await sbx.poll(await sbx.token());
    expect(events.map((event) => event.orderId)).toEqual([orderId]);
  });

  it("answers polls and order details with schema-valid, hostile data", async () => {
    const { sbx, token } = await fuzzingSandbox({ seed: 7, maxEventsPerPoll: 30, maxTextLength: 5_000 });
    const { events, orders } = await run(sbx, token, 12);
    expect(events.length).toBeGreaterThan(50);
    const all = [...orders.values()];
    const totals = all.map(
      (order) => (order.total as { orderAmount: { value: number; currency: string } }).orderAmount,
    );
    const quantities = all.flatMap((order) => (order.items as { quantity: number }[]).map((item) => item.quantity));
    const years = [...events.map((event) => event.createdAt), ...all.map((order) => order.createdAt as string)].map(
      (at) => new Date(at).getUTCFullYear(),
    );
    const texts = JSON.stringify(all);
    expect(totals.some((total) => total.value < 0)).toBe(true);
    expect(totals.some((total) => total.currency !== "BRL")).toBe(true);
    expect(quantities.some((quantity) => quantity >= 1_000_000)).toBe(true);
    expect(years.some((year) => year < 1950 || year > 2100)).toBe(true);
    expect(all.some((order) => !("customer" in order))).toBe(true);
    expect(texts).toMatch(/\\u0000|\\ud800/);
    expect(all.some((order) => JSON.stringify(order).length > 5_000)).toBe(true);
    // Most orders still look real, so a client's ordinary path is exercised too.
    expect(totals.filter((total) => total.currency === "BRL" && total.value > 0).length).toBeGreaterThan(
      totals.length / 2,
    );
  });

  it("gives the same answers for the same seed and clock, and different ones for another seed", async () => {
    // Plausible dates are drawn around the platform's clock: the same answers need the same clock.
    const now = () => new Date("2026-11-20T19:00:00.000Z");
    const first = await fuzzingSandbox({ seed: 99 }, now);
    const second = await fuzzingSandbox({ seed: 99 }, now);
    const other = await fuzzingSandbox({ seed: 100 }, now);
    const a = await run(first.sbx, first.token, 5);
    const b = await run(second.sbx, second.token, 5);
    const c = await run(other.sbx, other.token, 5);
    expect(withoutUrl(b.events)).toEqual(withoutUrl(a.events));
    expect([...b.orders.values()]).toEqual([...a.orders.values()]);
    expect(withoutUrl(c.events)).not.toEqual(withoutUrl(a.events));
  });

  it("answers acknowledgments and order actions the standard's way, and can be switched off", async () => {
    const { sbx, token } = await fuzzingSandbox({ seed: 3 });
    const { events } = await run(sbx, token, 3);
    const ack = await sbx.call("POST", "/v1/events/acknowledgment", {
      token,
      body: events.slice(0, 5).map(({ eventId, orderId, eventType }) => ({ id: eventId, orderId, eventType })),
    });
    expect(ack.status).toBe(202);
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const response = await sbx.call("POST", `/v1/orders/${events[0]!.orderId}/confirm`, { token, body: {} });
      statuses.add(response.status);
      await response.body?.cancel();
    }
    expect([...statuses].every((status) => [202, 404, 422].includes(status))).toBe(true);
    expect(statuses.has(202)).toBe(true);
    // Without a token, fuzz mode refuses like the real API.
    expect((await sbx.call("GET", "/v1/events:polling")).status).toBe(401);

    expect((await sbx.call("DELETE", "/control/fuzz")).status).toBe(204);
    expect((await sbx.poll(token)).status).toBe(204);
  });

  it("refuses bad settings with a sentence", async () => {
    const sbx = await startTestSandbox();
    sandboxes.push(sbx);
    const response = await sbx.call("PUT", "/control/fuzz", { body: { seed: -1 } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { title: string }).title).toMatch(/seed/);
  });
});
