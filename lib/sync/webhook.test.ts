import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, platformEvents } from "@/lib/db/schema";
import type { TestDatabase } from "@/e2e/support/database";
import { AppError } from "@/lib/errors";
import type { SandboxProcess } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture, type TestStore } from "@/e2e/support/store-connection";
import type { BoardOrder } from "@/lib/contract/board";
import { boardWrites } from "@/lib/realtime/bus";
import { receiveWebhook, webhookSignature } from "./webhook";

describe("webhook receiver", () => {
  let fixture: SandboxStoreFixture;
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let store: TestStore;

  beforeAll(async () => {
    fixture = await startSandboxStore();
    ({ sandbox, database, store } = fixture);
  });
  afterAll(async () => fixture?.stop());

  const deps = () => ({
    db: database.db,
    connectionFor: (id: string) => (id === store.connection.id ? store.connection : undefined),
  });

  async function pushedEvent(eventType = "CREATED") {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: store.connection.id,
    });
    const event = {
      eventId: randomUUID(),
      eventType,
      orderId,
      orderURL: `${sandbox.url}/v1/orders/${orderId}`,
      createdAt: new Date().toISOString(),
    };
    return { orderId, event, body: JSON.stringify(event) };
  }

  const headers = (body: string, signature: string, merchantId = store.connection.id) =>
    new Headers({ "x-app-id": "platform", "x-app-merchantid": merchantId, "x-app-signature": signature });

  it("ingests a correctly signed event at once", async () => {
    const { orderId, body } = await pushedEvent();
    const result = await receiveWebhook(
      body,
      headers(body, webhookSignature(body, store.connection.config.clientSecret)),
      deps(),
    );
    expect(result.stored).toBe(1);
    expect(await database.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
  });

  it.each([
    ["a forged signature", (body: string) => headers(body, webhookSignature(body, "not-the-secret"))],
    [
      "a signature of another body",
      (body: string) => headers(body, webhookSignature(`${body} `, store.connection.config.clientSecret)),
    ],
    ["no signature", () => new Headers({ "x-app-merchantid": store.connection.id })],
    [
      "an unknown merchant",
      (body: string) => headers(body, webhookSignature(body, store.connection.config.clientSecret), "someone-else"),
    ],
  ])("answers 401 and stores nothing for %s", async (_, makeHeaders) => {
    const { orderId, body } = await pushedEvent();
    const error = await receiveWebhook(body, makeHeaders(body), deps()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(401);
    expect(await database.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(0);
    expect(await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).toHaveLength(0);
  });

  it("stores and acknowledges an event type it does not know, without moving the order", async () => {
    const created = await pushedEvent();
    await receiveWebhook(
      created.body,
      headers(created.body, webhookSignature(created.body, store.connection.config.clientSecret)),
      deps(),
    );
    const unknown = {
      ...created.event,
      eventId: randomUUID(),
      eventType: "SOMETHING_FROM_VERSION_9",
      createdAt: new Date().toISOString(),
    };
    const body = JSON.stringify(unknown);
    const result = await receiveWebhook(
      body,
      headers(body, webhookSignature(body, store.connection.config.clientSecret)),
      deps(),
    );
    expect(result).toMatchObject({ stored: 1, acknowledged: 1 });
    const [stored] = await database.db.select().from(platformEvents).where(eq(platformEvents.eventId, unknown.eventId));
    expect(stored?.eventType).toBe("SOMETHING_FROM_VERSION_9");
    expect(stored?.acknowledgedAt).toBeInstanceOf(Date);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(order?.board.column).toBe("new");
  });

  // Issue 31: on PGlite (this fixture's database) board writes skip the advisory locks and the
  // notification (one session: they change nothing). Pushed at once, each twice, orders must still
  // be stored once and announced once each, in increasing sequence order, none lost.
  it("concurrent pushes, each twice, are stored and announced once each, in sequence order", async () => {
    const pushed = await Promise.all(Array.from({ length: 12 }, () => pushedEvent()));
    const announced: BoardOrder[] = [];
    const unsubscribe = boardWrites().subscribe((change) => announced.push(change));
    try {
      const results = await Promise.all(
        [...pushed, ...pushed].map(({ body }) =>
          receiveWebhook(body, headers(body, webhookSignature(body, store.connection.config.clientSecret)), deps()),
        ),
      );
      expect(results.reduce((sum, result) => sum + result.stored, 0)).toBe(pushed.length);
    } finally {
      unsubscribe();
    }
    const ids = pushed.map(({ orderId }) => orderId);
    expect(announced.map((change) => change.id).sort()).toEqual([...ids].sort());
    const seqs = announced.map((change) => change.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    for (const orderId of ids)
      expect(await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).toHaveLength(
        1,
      );
  });

  // Issue 31: what Comanda has of a push is looked up in one statement (findKnown) with its
  // events' orders. An order whose details cannot be read defers its event (nothing stored, nothing
  // acknowledged: the platform pushes or polls it again); one already stored is not read again.
  it("a pushed order whose details cannot be read is neither stored nor acknowledged, and is stored once readable", async () => {
    const { orderId, body } = await pushedEvent();
    const signed = headers(body, webhookSignature(body, store.connection.config.clientSecret));
    await sandbox.control("PUT", "/control/faults", { rules: [{ route: "GET /v1/orders/*", errorRate: 1 }] });
    try {
      const result = await receiveWebhook(body, signed, deps());
      expect(result).toMatchObject({ stored: 0, acknowledged: 0, deferred: 1 });
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    expect(await database.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(0);
    expect(await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).toHaveLength(0);

    const again = await receiveWebhook(body, signed, deps());
    expect(again).toMatchObject({ stored: 1, acknowledged: 1, deferred: 0 });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.summary).not.toBeNull();
  });

  it("a CREATED pushed again for an order already stored keeps its details", async () => {
    const first = await pushedEvent();
    const sign = (body: string) => headers(body, webhookSignature(body, store.connection.config.clientSecret));
    await receiveWebhook(first.body, sign(first.body), deps());
    const [before] = await database.db.select().from(orders).where(eq(orders.id, first.orderId));
    // The platform's copy breaks meanwhile: what is stored must not be replaced.
    await sandbox.control("PUT", "/control/faults", { rules: [{ route: "GET /v1/orders/*", malformedRate: 1 }] });
    try {
      const repeat = JSON.stringify({ ...first.event, eventId: randomUUID(), createdAt: new Date().toISOString() });
      const result = await receiveWebhook(repeat, sign(repeat), deps());
      expect(result).toMatchObject({ stored: 1, deferred: 0 });
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    const [after] = await database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(after?.details).toEqual(before?.details);
    expect(after?.detailsError).toBeNull();
    expect(after?.summary).toEqual(before?.summary);
  });
});
