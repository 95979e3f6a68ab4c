import { afterEach, describe, expect, it } from "vitest";
import { describeErrors, officialSchema, startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

type Event = {
  eventId: string;
  eventType: string;
  orderId: string;
  orderURL: string;
  createdAt: string;
  metadata?: Record<string, unknown>;
};

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

async function poll(
  token: string,
  query = "",
  headers: Record<string, string> = {},
): Promise<{ status: number; events: Event[]; text: string }> {
  const response = await sbx.call("GET", `/v1/events:polling${query}`, { token, headers });
  const text = await response.text();
  return { status: response.status, events: response.status === 200 ? (JSON.parse(text) as Event[]) : [], text };
}

const ackItems = (events: Event[]) =>
  events.map((e) => ({ id: e.eventId, orderId: e.orderId, eventType: e.eventType }));

describe("GET /v1/events:polling", () => {
  it("answers 204 with an empty body when nothing is pending", async () => {
    sbx = await startTestSandbox();
    const result = await poll(await sbx.token());
    expect(result.status).toBe(204);
    expect(result.text).toBe("");
  });

  it("returns the merchant's unacknowledged events, oldest first, in the official shape", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const first = await sbx.createOrder();
    const second = await sbx.createOrder();
    const result = await poll(token);
    expect(result.status).toBe(200);
    const validate = officialSchema("order-polling", "response");
    expect(validate(result.events), describeErrors(validate)).toBe(true);
    expect(result.events.map((e) => [e.orderId, e.eventType])).toEqual([
      [first, "CREATED"],
      [second, "CREATED"],
    ]);
    // Unacknowledged events come back on every poll.
    expect((await poll(token)).events.map((e) => e.eventId)).toEqual(result.events.map((e) => e.eventId));
  });

  it("gives an absolute orderURL that reads the order", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const [event] = (await poll(token)).events;
    expect(event?.orderURL).toBe(`${sbx.url}/v1/orders/${orderId}`);
    const order = await fetch(event!.orderURL, { headers: { authorization: `Bearer ${token}` } });
    expect(order.status).toBe(200);
    expect(((await order.json()) as { id: string }).id).toBe(orderId);
  });

  it("routes under its base path and puts it in orderURL when mounted", async () => {
    sbx = await startTestSandbox({ basePath: "/sandbox" });
    expect(sbx.url).toMatch(/\/sandbox$/);
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const [event] = (await poll(token)).events;
    expect(event?.orderURL).toBe(`${sbx.url}/v1/orders/${orderId}`);
    expect(new URL(event!.orderURL).pathname).toBe(`/sandbox/v1/orders/${orderId}`);
    const outside = await fetch(sbx.url.replace(/\/sandbox$/, "/v1/events:polling"), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(outside.status).toBe(404);
  });

  it("does not show one merchant's events to another", async () => {
    sbx = await startTestSandbox();
    await sbx.createOrder();
    const other = await sbx.token(sbx.merchants[1]);
    expect((await poll(other)).status).toBe(204);
  });

  it("eventType returns the listed types and acknowledges the others (the standard's rule)", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const confirmed = await sbx.createOrder();
    expect((await sbx.call("POST", `/v1/orders/${confirmed}/confirm`, { token })).status).toBe(202);
    const untouched = await sbx.createOrder();

    const filtered = await poll(token, "?eventType=CONFIRMED");
    expect(filtered.events.map((e) => [e.orderId, e.eventType])).toEqual([[confirmed, "CONFIRMED"]]);
    expect(filtered.events[0]?.metadata).toEqual({ clientId: sbx.merchants[0]!.interchange.clientId });

    // The CREATED events were acknowledged on our behalf; the CONFIRMED one still waits.
    expect((await poll(token)).events.map((e) => e.eventType)).toEqual(["CONFIRMED"]);
    const control = (await (await sbx.call("GET", `/control/orders/${untouched}`)).json()) as {
      events: { acknowledged: boolean }[];
    };
    expect(control.events).toEqual([expect.objectContaining({ eventType: "CREATED", acknowledged: true })]);
  });

  it("eventType repeated lists several types", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token });
    const both = await poll(token, "?eventType=CREATED&eventType=CONFIRMED");
    expect(both.events.map((e) => e.eventType)).toEqual(["CREATED", "CONFIRMED"]);
  });

  it("rejects an unknown eventType with a 400 naming the parameter", async () => {
    sbx = await startTestSandbox();
    const result = await poll(await sbx.token(), "?eventType=COOKED");
    expect(result.status).toBe(400);
    expect(JSON.parse(result.text)).toMatchObject({ status: 400, title: expect.stringContaining("eventType") });
  });

  it("accepts x-polling-merchants naming the token's merchant and refuses any other", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    await sbx.createOrder();
    expect((await poll(token, "", { "x-polling-merchants": sbx.merchants[0]!.merchantId })).status).toBe(200);
    const other = await poll(token, "", { "x-polling-merchants": sbx.merchants[1]!.merchantId });
    expect(other.status).toBe(403);
  });
});

describe("POST /v1/events/acknowledgment", () => {
  it("answers 202 and acknowledged events leave later polls", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    await sbx.createOrder();
    await sbx.createOrder();
    const { events } = await poll(token);
    const body = ackItems(events.slice(0, 1));
    expect(officialSchema("order-ack", "request")(body)).toBe(true);
    const response = await sbx.call("POST", "/v1/events/acknowledgment", { token, body });
    expect(response.status).toBe(202);
    expect((await poll(token)).events.map((e) => e.eventId)).toEqual([events[1]!.eventId]);
  });

  it("ignores unknown ids and other merchants' events", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    await sbx.createOrder();
    const { events } = await poll(token);
    const stranger = await sbx.token(sbx.merchants[1]);
    const unknown = [{ id: crypto.randomUUID(), orderId: crypto.randomUUID(), eventType: "CREATED" }];
    expect((await sbx.call("POST", "/v1/events/acknowledgment", { token, body: unknown })).status).toBe(202);
    expect(
      (await sbx.call("POST", "/v1/events/acknowledgment", { token: stranger, body: ackItems(events) })).status,
    ).toBe(202);
    expect((await poll(token)).events).toHaveLength(1);
  });

  it("refuses more than 100 items, and malformed items, with a 400", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const tooMany = Array.from({ length: 101 }, () => ({
      id: crypto.randomUUID(),
      orderId: crypto.randomUUID(),
      eventType: "CREATED",
    }));
    const response = await sbx.call("POST", "/v1/events/acknowledgment", { token, body: tooMany });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(((await response.json()) as { title: string }).title).toContain("100");

    const exactly100 = tooMany.slice(0, 100);
    expect((await sbx.call("POST", "/v1/events/acknowledgment", { token, body: exactly100 })).status).toBe(202);

    const malformed = await sbx.call("POST", "/v1/events/acknowledgment", {
      token,
      body: [{ id: "x", orderId: crypto.randomUUID(), eventType: "CREATED" }],
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { title: string }).title).toContain("[0].id");
    expect((await sbx.call("POST", "/v1/events/acknowledgment", { token, body: "{not json" })).status).toBe(400);
  });
});
