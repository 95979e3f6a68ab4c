import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderActions } from "@/lib/db/schema";
import type { TestDatabase } from "@/e2e/support/database";
import { AppError } from "@/lib/errors";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { findOrder } from "@/lib/db/order-reads";
import type { LoggedRequest, SandboxProcess } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture, type TestStore } from "@/e2e/support/store-connection";
import { createOrderActions } from "./perform-order-action";

describe("order actions against the sandbox over HTTP", () => {
  let fixture: SandboxStoreFixture;
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let store: TestStore;

  beforeAll(async () => {
    fixture = await startSandboxStore();
    ({ sandbox, database, store } = fixture);
  });
  afterAll(async () => fixture?.stop());

  const actions = (connection = store.connection) =>
    createOrderActions({
      db: database.db,
      connectionFor: () => connection,
      timeoutMs: 2_000,
    });

  /** A new order, polled into Comanda. */
  async function newOrder(): Promise<string> {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: store.connection.id,
    });
    await store.connection.poller.pollOnce();
    return orderId;
  }

  const confirmCalls = (orderId: string) =>
    sandbox
      .control<LoggedRequest[]>("GET", `/control/requests?orderId=${orderId}`)
      .then((log) =>
        log.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/v1/orders/${orderId}/confirm`)),
      );

  it("confirms with the standard's body, records it, and moves the card to In preparation", async () => {
    const orderId = await newOrder();
    const card = await actions()({
      storeId: store.connection.id,
      orderId,
      request: { action: "confirm", preparationTime: 20 },
      actor: "Rita",
    });
    expect(card.column).toBe("preparing");
    const [call] = await confirmCalls(orderId);
    expect(call?.status).toBe(202);
    expect(call?.body).toMatchObject({ orderExternalCode: card.displayId, preparationTime: 20 });
    expect(typeof (call?.body as { createdAt?: unknown }).createdAt).toBe("string");
    const [audit] = await database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
    expect(audit).toMatchObject({ action: "confirm", outcome: "succeeded", actor: "Rita", responseStatus: 202 });
  });

  it("sends one platform call for two identical taps at once", async () => {
    const orderId = await newOrder();
    const perform = actions();
    const [first, second] = await Promise.all([
      perform({ storeId: store.connection.id, orderId, request: { action: "confirm" } }),
      perform({ storeId: store.connection.id, orderId, request: { action: "confirm" } }),
    ]);
    expect(second).toEqual(first);
    expect(await confirmCalls(orderId)).toHaveLength(1);
  });

  it("sends one platform call for identical taps on two instances sharing the database", async () => {
    const orderId = await newOrder();
    // Two instances: each its own performer (its own in-memory joining), one database.
    const [onA, onB] = [actions(), actions()];
    const taps = Array.from({ length: 10 }, (_, index) =>
      (index % 2 === 0 ? onA : onB)({ storeId: store.connection.id, orderId, request: { action: "confirm" } }).then(
        (card) => card.column,
        (error: unknown) => (error as AppError).code,
      ),
    );
    const outcomes = await Promise.all(taps);
    expect(await confirmCalls(orderId)).toHaveLength(1);
    // Each tap answers the truth: confirmed, or (arriving after the confirm landed) no longer allowed.
    expect(outcomes.every((outcome) => outcome === "preparing" || outcome === "action_not_allowed")).toBe(true);
    expect(outcomes).toContain("preparing");
    const audits = await database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
    expect(audits.map((audit) => audit.outcome)).toEqual(["succeeded"]);
  });

  it("refuses, without calling the platform, an action the lifecycle does not allow", async () => {
    const orderId = await newOrder();
    await actions()({ storeId: store.connection.id, orderId, request: { action: "confirm" } });
    const error = await actions()({ storeId: store.connection.id, orderId, request: { action: "confirm" } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("action_not_allowed");
    expect((error as AppError).status).toBe(409);
    expect(await confirmCalls(orderId)).toHaveLength(1);
  });

  it("answers 'already done' with the re-read order when the platform says 422", async () => {
    const orderId = await newOrder();
    // Someone confirmed it elsewhere: Comanda's card still says New.
    await store.connection.client.orderAction(orderId, "confirm", {
      createdAt: new Date().toISOString(),
      orderExternalCode: "elsewhere",
    });
    const error = (await actions()({ storeId: store.connection.id, orderId, request: { action: "confirm" } }).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(error.code).toBe("already_done");
    expect((error.extra?.order as { column?: string } | undefined)?.column).toBe("preparing");
    const audits = await database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
    expect(audits.map((audit) => [audit.outcome, audit.responseStatus])).toEqual([["rejected", 422]]);
  });

  it("retries an unreachable platform within 10 s, then fails with a sentence and changes nothing", async () => {
    const orderId = await newOrder();
    const unreachable = {
      ...store.connection,
      client: new InterchangeClient({
        ...store.connection.config,
        baseUrl: "http://127.0.0.1:9",
        timeoutMs: 500,
      }),
    };
    const started = Date.now();
    const error = (await actions(unreachable)({
      storeId: store.connection.id,
      orderId,
      request: { action: "confirm" },
    }).catch((caught: unknown) => caught)) as AppError;
    const elapsed = Date.now() - started;
    expect(error.code).toBe("platform_unavailable");
    expect(error.status).toBe(502);
    expect(elapsed).toBeGreaterThanOrEqual(3_000); // three pauses: 0.5 + 1 + 2 s
    expect(elapsed).toBeLessThan(10_000);
    expect((await findOrder(database.db, store.connection.id, orderId))?.board.column).toBe("new");
    const audits = await database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
    expect(audits.map((audit) => audit.outcome)).toEqual(["failed"]);
  });
});
