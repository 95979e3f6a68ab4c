import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { discoveryDocumentFound, discoveryManifestErrors } from "@/e2e/support/openapi-schemas";
import type { LoggedRequest, SandboxProcess } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture, type TestStore } from "@/e2e/support/store-connection";
import type { TestDatabase } from "@/e2e/support/database";
import { createOrderActions } from "@/lib/actions/perform-order-action";
import { AppError } from "@/lib/errors";
import messages from "@/lib/i18n/messages/pt-BR.json";
import { parseManifest } from "@/lib/platform/discovery/manifest";
import { MAX_MANIFEST_BYTES, readManifest } from "@/lib/platform/discovery/read";
import { forgetDiscovery, notOfferedBy, readDiscoveries, refreshDiscovery, rememberedDiscovery } from "./discovery";

// Issue 29, discovery: each connection reads its platform's manifest over HTTP from the sandbox
// (a real server), records what it means, and falls back on what worked before when it cannot.

describe("a platform connection's discovery manifest, read from the sandbox over HTTP", () => {
  let fixture: SandboxStoreFixture;
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let store: TestStore;
  const connection = () => ({ id: store.connection.connectionId, baseUrl: sandbox.url });
  const refresh = (at = new Date()) => refreshDiscovery(database.db, connection(), () => at);
  const recorded = async () => (await readDiscoveries(database.db)).get(store.connection.connectionId);

  beforeAll(async () => {
    fixture = await startSandboxStore();
    ({ sandbox, database, store } = fixture);
  });
  afterAll(async () => fixture?.stop());
  // No switch left behind: the sandbox answers its faithful manifest again.
  afterEach(async () => sandbox.control("DELETE", "/control/discovery"));

  it("the sandbox publishes a manifest valid against the document and our schema, without a token", async () => {
    const answer = await fetch(`${sandbox.url}/.well-known/opendelivery`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const body: unknown = await answer.json();
    expect(parseManifest(body)).toMatchObject({ ok: true });
    expect(discoveryManifestErrors(body)).toEqual([]);
    if (!discoveryDocumentFound) console.log("discovery.openapi.yaml not found: the document check skipped");
  });

  it("records a valid manifest: dialect 1.x, the operations and events declared, when read", async () => {
    const at = new Date("2026-11-28T06:00:00Z");
    const result = await refresh(at);
    expect(result).toMatchObject({ state: "read", dialect: "1.x", problem: null, readAt: at, checkedAt: at });
    expect(result?.operations).toEqual(expect.arrayContaining(["confirmOrder", "dispatchOrder", "setOrderDelivered"]));
    expect(result?.events).toEqual(expect.arrayContaining(["ORDER_CREATED", "ORDER_CANCELLED"]));
    expect(await recorded()).toMatchObject({ state: "read", dialect: "1.x", readAt: at });
    expect(rememberedDiscovery(store.connection.connectionId)?.state).toBe("read");
    expect(notOfferedBy(result!)).toEqual([]);
  });

  it.each([
    ["missing", { mode: "missing" }, /HTTP 404/],
    ["invalid", { mode: "invalid" }, /appId/],
    ["unsupportedVersion", { mode: "unknownVersion" }, /3\.0/],
  ] as const)("a manifest %s keeps the connection on what worked before, and says why", async (state, body, why) => {
    const good = new Date("2026-11-28T06:00:00Z");
    await refresh(good);
    await sandbox.control("PUT", "/control/discovery", body);
    const later = new Date("2026-11-28T07:00:00Z");
    const result = await refresh(later);
    expect(result).toMatchObject({ state, dialect: "1.x", readAt: good, checkedAt: later });
    expect(result?.problem).toMatch(why);
    // The operations are the last good manifest's: nothing the board offered is taken away.
    expect(result?.operations).toContain("dispatchOrder");
    expect(await recorded()).toMatchObject({ state, readAt: good });
    // Operations says it in a sentence, in both languages.
    expect(messages.operations.discovery.sentence[state]).toMatch(/antes/);
  });

  it("a new connection: a missing manifest is a 1.x platform as before discovery; an invalid one leaves it inactive", async () => {
    await forgetDiscovery(database.db, store.connection.connectionId);
    await sandbox.control("PUT", "/control/discovery", { mode: "missing" });
    const missing = await refresh();
    expect(missing).toMatchObject({ state: "missing", dialect: "1.x", operations: null, readAt: null });
    expect(notOfferedBy(missing!)).toEqual([]);

    await forgetDiscovery(database.db, store.connection.connectionId);
    await sandbox.control("PUT", "/control/discovery", { mode: "unknownVersion" });
    const unknown = await refresh();
    expect(unknown).toMatchObject({ state: "unsupportedVersion", dialect: null, readAt: null });
    expect(notOfferedBy(unknown!)).toEqual(expect.arrayContaining(["confirm", "dispatch"]));
    await refresh(); // (the faithful manifest again after afterEach; the next test reads its own)
  });

  it("an operation the platform does not declare is not offered: the action is refused, never sent", async () => {
    await sandbox.control("PUT", "/control/discovery", { omitOperations: ["dispatchOrder"] });
    const result = await refresh();
    expect(result?.operations).not.toContain("dispatchOrder");
    expect(notOfferedBy(result!)).toEqual(["dispatch"]);

    const perform = createOrderActions({ db: database.db, connectionFor: () => store.connection, timeoutMs: 2_000 });
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: store.connection.id,
      type: "DELIVERY",
      deliveredBy: "MERCHANT",
    });
    await store.connection.poller.pollOnce();
    const storeId = store.connection.id;
    await perform({ storeId, orderId, request: { action: "confirm", preparationTime: 20 } });
    const ready = await perform({ storeId, orderId, request: { action: "readyForPickup" } });
    expect(ready.actions).toContain("dispatch");
    const refused = await perform({ storeId, orderId, request: { action: "dispatch" } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("action_not_allowed");
    expect((refused as AppError).message).toMatch(/does not offer/);
    const log = await sandbox.control<LoggedRequest[]>("GET", `/control/requests?orderId=${orderId}`);
    expect(log.some((entry) => entry.path.endsWith("/dispatch"))).toBe(false);
    // The board's words for it.
    expect(messages.orderActions.notOffered.dispatch.replace("{platform}", "Plataforma B")).toBe(
      "Plataforma B não oferece despacho por aqui",
    );
  });
});

describe("reading a manifest stays on the configured origin, within a size and a time", () => {
  let server: http.Server;
  let base: string;
  let answer: (response: http.ServerResponse) => void = () => undefined;
  beforeAll(async () => {
    server = http.createServer((_request, response) => answer(response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/platform`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("follows no redirect to another host", async () => {
    answer = (response) => response.writeHead(302, { location: "http://example.com/.well-known/opendelivery" }).end();
    expect(await readManifest(base)).toMatchObject({
      outcome: "unreachable",
      problem: expect.stringMatching(/redirect/),
    });
  });

  it("reads no further than the size cap", async () => {
    answer = (response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(" ".repeat(MAX_MANIFEST_BYTES + 10));
    expect(await readManifest(base)).toMatchObject({ outcome: "invalid", problem: expect.stringMatching(/larger/) });
  });

  it("gives up after its timeout", async () => {
    answer = () => undefined; // never answers
    expect(await readManifest(base, 200)).toMatchObject({
      outcome: "unreachable",
      problem: expect.stringMatching(/timed out/),
    });
  });
});
