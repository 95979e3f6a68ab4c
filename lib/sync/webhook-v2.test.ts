import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { v2DocumentsFound, v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { connectTestConnection, connectTestStore, type TestStore } from "@/e2e/support/store-connection";
import { orders, platformEvents } from "@/lib/db/schema";
import { channelConnectionOf, type ChannelConnection } from "./registry";
import { forgetDiscovery, rememberedDiscovery } from "./discovery";
import { RecentErrors } from "./recent-errors";
import { receiveWebhook, webhookSignature } from "./webhook";
import { answerWebhookV2 } from "./webhook-v2";

// Open Delivery 2.0's webhook (rc.2's orderEvent) against the sandbox speaking 2.0 over real HTTP
// and a real database: the sandbox pushes to `{url}/v2/newEvent`, where a small server answers
// with the route's own code (answerWebhookV2). Polling is never run here: what lands, landed by push.

type Integrator = { clientId: string; clientSecret: string; merchantIds: string[] };
type Answer = { path: string; status: number; body: string };

describe.skipIf(!v2DocumentsFound)("the 2.0 webhook against the 2.0 sandbox over HTTP", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let merchant: SandboxMerchant;
  /** The 2.0 connection: the sandbox's app credential (the one its pushes are signed with). */
  let channel: ChannelConnection;
  /** Another merchant's connection, left on 1.x (as a platform without a 2.0 manifest would be). */
  let onV1: TestStore;
  let server: Server;
  let hookUrl: string;
  const answers: Answer[] = [];
  const connections = () => new Map([channel, onV1.connection].map((c) => [c.id, c]));
  const deps = () => ({ db: database.db, connectionFor: (id: string) => connections().get(id) });

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ openDelivery: "2.0" });
    const merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    [merchant] = merchants as [SandboxMerchant];
    const [app] = await sandbox.control<Integrator[]>("GET", "/control/integrators");
    expect(app!.merchantIds).toContain(merchant.merchantId);
    database = await createTestDatabase(testDatabaseKinds[0]!);
    const { connection } = await connectTestConnection(sandbox, [merchant], app!, database, { discovered: true });
    channel = channelConnectionOf(connection, connection.channels.get(merchant.merchantId)!);
    expect(rememberedDiscovery(connection.id)).toMatchObject({ state: "read", dialect: "2.0" });
    onV1 = await connectTestStore(sandbox, merchants[1]!, database, { dialect: () => "1.x" });

    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === "string") headers.set(name, value);
        const raw = Buffer.concat(chunks).toString("utf8");
        void answerWebhookV2(raw, headers, deps()).then(async (answer) => {
          const body = await answer.text();
          answers.push({ path: request.url ?? "", status: answer.status, body });
          response.writeHead(answer.status, { "content-type": "application/json" }).end(body || undefined);
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/comanda`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    if (channel) await forgetDiscovery(database.db, channel.connectionId).catch(() => undefined);
    await database?.destroy();
    await sandbox?.stop();
  });
  afterEach(async () => {
    await sandbox.control("DELETE", "/control/faults");
    await sandbox.control("DELETE", `/control/merchants/${merchant.merchantId}/webhook`);
    answers.length = 0;
  });

  const pushTo = (url: string) => sandbox.control("PUT", `/control/merchants/${merchant.merchantId}/webhook`, { url });
  const createOrder = (body: Record<string, unknown> = {}) =>
    sandbox
      .control<{ orderId: string }>("POST", "/control/orders", { merchantId: merchant.merchantId, ...body })
      .then((r) => r.orderId);
  /** The sandbox's pushes not yet done (in flight or waiting to be retried). */
  const pending = () =>
    sandbox
      .control<{ pending: number }>("GET", `/control/merchants/${merchant.merchantId}/webhook`)
      .then((view) => view.pending);
  const rowsOf = async (orderId: string) => ({
    orders: await database.db.select().from(orders).where(eq(orders.id, orderId)),
    events: await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId)),
  });
  /** A 2.0 OrderEvent of a real order, as the platform would push it. */
  const eventOf = (orderId: string, eventType = "CREATED", orderURL = `${sandbox.url}/v2/orders/${orderId}`) =>
    JSON.stringify({ eventId: randomUUID(), eventType, orderId, orderURL, createdAt: new Date().toISOString() });
  const signed = (body: string, to: ChannelConnection, secret = to.config.clientSecret) =>
    new Headers({
      "x-app-id": randomUUID(),
      "x-app-merchantid": to.id,
      "x-app-signature": webhookSignature(body, secret),
    });
  const answer = async (body: string, headers: Headers) => {
    const response = await answerWebhookV2(body, headers, deps());
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
  };

  it("lands a pushed 2.0 order with polling off: read on /v2, stored, shown, answered 204 with no body", async () => {
    expect(channel.poller.running).toBe(false);
    await pushTo(hookUrl);
    const orderId = await createOrder({ type: "DELIVERY" });
    await expect.poll(async () => (await rowsOf(orderId)).orders.length, { timeout: 10_000, interval: 50 }).toBe(1);
    await expect.poll(pending, { timeout: 10_000, interval: 50 }).toBe(0);

    const {
      orders: [row],
      events,
    } = await rowsOf(orderId);
    const v2 = await sandbox.control<Record<string, unknown>>("GET", `/control/orders/${orderId}/v2`);
    expect(row!.detailsError).toBeNull();
    expect(row!.board).toMatchObject({ column: "new", displayId: v2.displayId });
    expect(events.map((event) => [event.eventType, event.acknowledgedAt instanceof Date])).toEqual([["CREATED", true]]);
    expect(answers).toEqual([{ path: "/comanda/v2/newEvent", status: 204, body: "" }]);
    // The order was read in 2.0 (GET /v2/orders/{id}); no acknowledgment call: the 204 was it.
    const calls = await sandbox.control<{ method: string; path: string }[]>("GET", "/control/requests");
    const paths = calls.map((call) => `${call.method} ${call.path}`);
    expect(paths).toContain(`GET /v2/orders/${orderId}`);
    expect(paths).not.toContain("POST /v2/events/acknowledgment");

    // The platform's next event, pushed too, moves the card: the customer cancels.
    await sandbox.control("POST", `/control/orders/${orderId}/customer-cancellation`);
    await expect
      .poll(async () => (await rowsOf(orderId)).orders[0]!.board.column, { timeout: 10_000, interval: 50 })
      .toBe("cancelled");
  });

  it("answers 401 in rc.2's Error body and stores nothing for a push not signed as rc.2 says", async () => {
    const orderId = await createOrder({ type: "TAKEOUT" });
    const body = eventOf(orderId);
    const good = signed(body, channel);
    const variants: [string, Headers][] = [
      ["another secret", signed(body, channel, "not-the-secret")],
      [
        "another body",
        new Headers({
          ...Object.fromEntries(good),
          "x-app-signature": webhookSignature(`${body} `, channel.config.clientSecret),
        }),
      ],
      ["no X-App-Id", new Headers({ ...Object.fromEntries(good), "x-app-id": "" })],
      ["an X-App-Id that is not a UUID", new Headers({ ...Object.fromEntries(good), "x-app-id": "platform" })],
      [
        "an upper-case signature",
        new Headers({ ...Object.fromEntries(good), "x-app-signature": good.get("x-app-signature")!.toUpperCase() }),
      ],
      ["an unknown merchant", new Headers({ ...Object.fromEntries(good), "x-app-merchantid": "someone-else" })],
    ];
    for (const [why, headers] of variants) {
      const refused = await answer(body, headers);
      expect({ why, status: refused.status }).toEqual({ why, status: 401 });
      expect(v2SchemaErrors("orders", "Error", refused.body)).toEqual([]);
      expect(refused.body).toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(await rowsOf(orderId)).toEqual({ orders: [], events: [] });
    // The same body, signed as rc.2 says, is taken: only the signing was wrong.
    expect((await answer(body, good)).status).toBe(204);
    expect((await rowsOf(orderId)).orders).toHaveLength(1);
  });

  it("stores a duplicated push once (the platform's duplicate fault, then the same body again)", async () => {
    await sandbox.control("PUT", "/control/faults", { rules: [], duplicateEvents: true });
    await pushTo(hookUrl);
    const orderId = await createOrder({ type: "TAKEOUT" });
    await expect.poll(async () => (await rowsOf(orderId)).orders.length, { timeout: 10_000, interval: 50 }).toBe(1);
    await expect.poll(pending, { timeout: 10_000, interval: 50 }).toBe(0);
    // Pushed twice (the fault), answered twice, stored once.
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    expect((await rowsOf(orderId)).events).toHaveLength(1);

    const body = eventOf(orderId, "PREPARATION_REQUESTED");
    expect((await answer(body, signed(body, channel))).status).toBe(204);
    expect((await answer(body, signed(body, channel))).status).toBe(204);
    expect((await rowsOf(orderId)).events.map((event) => event.eventType).sort()).toEqual([
      "CREATED",
      "PREPARATION_REQUESTED",
    ]);
  });

  it("refuses the other dialect in a sentence recorded for the channel, storing nothing, never crashing", async () => {
    const orderId = await createOrder({ type: "TAKEOUT" });
    // A 1.x event (PICKED_UP is gone in 2.0; an orderURL under /v1/orders/) at the 2.0 webhook.
    for (const body of [
      eventOf(orderId, "PICKED_UP"),
      eventOf(orderId, "CREATED", `${sandbox.url}/v1/orders/${orderId}`),
    ]) {
      const refused = await answer(body, signed(body, channel));
      expect(refused.status).toBe(400);
      expect(v2SchemaErrors("orders", "Error", refused.body)).toEqual([]);
      expect(String(refused.body?.message)).toMatch(/Open Delivery 1\.x event .* 2\.0 webhook/);
    }
    const [recorded] = await new RecentErrors(database.db, channel.id).list();
    expect(recorded).toMatchObject({ kind: "webhook", message: expect.stringMatching(/1\.x event/) });
    expect(await rowsOf(orderId)).toEqual({ orders: [], events: [] });

    // A 2.0 event for a connection on 1.x.
    const other = onV1.connection;
    const forV1 = eventOf(`${orderId}-elsewhere`);
    const wrongConnection = await answer(forV1, signed(forV1, other));
    expect(wrongConnection.status).toBe(400);
    expect(String(wrongConnection.body?.message)).toMatch(/2\.0 event .* connection on 1\.x/);
    expect((await new RecentErrors(database.db, other.id).list())[0]).toMatchObject({ kind: "webhook" });

    // And a 1.x push at /v1/newEvent for the 2.0 connection.
    const v1Body = eventOf(orderId, "CREATED", `${sandbox.url}/v1/orders/${orderId}`);
    const v1Refused = await receiveWebhook(v1Body, signed(v1Body, channel), deps()).catch((error: unknown) => error);
    expect(v1Refused).toMatchObject({ status: 400, message: expect.stringMatching(/connection on 2\.0/) });
    expect(await rowsOf(orderId)).toEqual({ orders: [], events: [] });
  });

  it("answers 502 and stores nothing while the platform will not give the order; the retried push lands", async () => {
    const orderId = await createOrder({ type: "DELIVERY" });
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: `GET /v2/orders/${orderId}`, errorRate: 1, errorStatus: 503 }],
    });
    const body = eventOf(orderId);
    const failed = await answer(body, signed(body, channel));
    expect(failed).toMatchObject({ status: 502, body: { code: "PLATFORM_UNAVAILABLE" } });
    expect(await rowsOf(orderId)).toEqual({ orders: [], events: [] });
    await sandbox.control("DELETE", "/control/faults");
    expect((await answer(body, signed(body, channel))).status).toBe(204);
    expect((await rowsOf(orderId)).orders).toHaveLength(1);
  });
});
