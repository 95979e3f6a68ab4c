import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { v2DocumentsFound, v2ResponseErrors, v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { sandboxChannelConfig } from "@/e2e/support/store-connection";
import type { Viewer } from "@/lib/auth/sessions";
import { AppError } from "@/lib/errors";
import en from "@/lib/i18n/messages/en.json";
import ptBR from "@/lib/i18n/messages/pt-BR.json";
import { saveChannelConfig } from "@/lib/stores/config";
import { loadEnabledConnections } from "@/lib/stores/connections";
import { forgetDiscovery, refreshDiscovery } from "@/lib/sync/discovery";
import { connectionMerchants } from "./connection-merchants";

// Issue 29, credentials in 2.0: a connection's application credential (by_app) lists the
// merchants that authorised it (GET /v2/merchants, every page, with a token scoped od.menu only),
// against the sandbox speaking 2.0 over real HTTP and a real database; a merchant's own
// credential (by_merchant) lists itself; a 1.x connection has no list; each platform failure is
// a reason the back office says in pt-BR and English.

interface Integrator {
  clientId: string;
  clientSecret: string;
  merchantIds: string[];
}

const viewer = (storeIds: Viewer["storeIds"], role: Viewer["role"] = "manager"): Viewer => ({
  sessionId: "test",
  userId: 1,
  name: "Test",
  role,
  storeIds,
  deviceStoreId: null,
  staff: null,
});
const admin = viewer("all", "admin");

/** The AppError a call throws (its code and reason), or null when it answers. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { code: error.code, reason: error.extra?.reason };
    },
  );

describe.skipIf(!v2DocumentsFound)("the merchants that authorised a 2.0 connection, from the sandbox over HTTP", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let integrator: Integrator;
  let appConnection = "";
  let merchantConnection = "";
  let own: SandboxMerchant;

  /** Saves a channel of `merchant` with these credentials; its connection's manifest read as the app does. */
  async function channelOn(merchant: SandboxMerchant, credentials: { clientId: string; clientSecret: string }) {
    await saveChannelConfig(database.db, { ...sandboxChannelConfig(sandbox, merchant), ...credentials }, "sandbox");
    const entry = (await loadEnabledConnections(database.db)).find((candidate) =>
      candidate.channels.some((channel) => channel.id === merchant.merchantId),
    )!;
    expect(await refreshDiscovery(database.db, entry.connection)).toMatchObject({ dialect: "2.0" });
    return entry.connection.id;
  }

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ openDelivery: "2.0" });
    database = await createTestDatabase(testDatabaseKinds[0]!);
    [integrator] = (await sandbox.control<Integrator[]>("POST", "/control/integrators", {
      merchants: 5,
      connections: 1,
    })) as [Integrator];
    const merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    const first = merchants.find((merchant) => merchant.merchantId === integrator.merchantIds[0])!;
    appConnection = await channelOn(first, integrator);
    // A merchant's own credential (by_merchant, 1.x's model) on a connection of its own.
    own = merchants[0]!;
    merchantConnection = await channelOn(own, own.interchange);
  });
  afterAll(async () => {
    for (const id of [appConnection, merchantConnection])
      if (id) await forgetDiscovery(database.db, id).catch(() => undefined);
    await database?.destroy();
    await sandbox?.stop();
  });
  afterEach(async () => {
    await sandbox.control("DELETE", "/control/faults");
    await sandbox.control("PUT", `/control/integrators/${integrator.clientId}/scopes`, {
      scopes: ["od.orders", "od.menu", "od.logistics"],
    });
  });

  it("by_app: every merchant of the credential, page after page, the added one marked, with an od.menu token", async () => {
    const since = new Date().toISOString();
    const listed = await connectionMerchants(database.db, admin, appConnection, 2);
    expect(listed.map((merchant) => merchant.id).sort()).toEqual([...integrator.merchantIds].sort());
    expect(listed.filter((merchant) => merchant.added).map((merchant) => merchant.id)).toEqual([
      integrator.merchantIds[0],
    ]);
    for (const merchant of listed) expect(merchant.name).not.toBe("");

    // Three pages of two, each answer the document's; the token asked for od.menu alone.
    const calls = (await sandbox.control<LoggedRequest[]>("GET", "/control/requests")).filter(
      (call) => call.at >= since,
    );
    const pages = calls.filter((call) => call.path.startsWith("/v2/merchants"));
    expect(pages.map((call) => [call.status, call.clientId])).toEqual([
      [200, integrator.clientId],
      [200, integrator.clientId],
      [200, integrator.clientId],
    ]);
    const token = calls.find((call) => call.path === "/oauth/token")!;
    expect(JSON.stringify(token.body)).toContain("od.menu");
    expect(JSON.stringify(token.body)).not.toMatch(/od\.(all|orders)/);
  });

  it("the platform's answer, as Comanda reads it, is valid against merchant.openapi.yaml", async () => {
    const tokenAnswer = await fetch(`${sandbox.url}/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: integrator.clientId,
        client_secret: integrator.clientSecret,
        scope: "od.menu",
      }),
    });
    const { access_token } = (await tokenAnswer.json()) as { access_token: string };
    const answer = await fetch(`${sandbox.url}/v2/merchants?page=1&pageSize=200`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const body = (await answer.json()) as { merchants: unknown[] };
    expect(v2ResponseErrors("merchant", "/merchants", "GET", answer.status, body)).toEqual([]);
    for (const merchant of body.merchants) expect(v2SchemaErrors("merchant", "MerchantSummary", merchant)).toEqual([]);
    expect(body.merchants).toHaveLength(integrator.merchantIds.length);
  });

  it("by_merchant: a merchant's own credential lists that merchant, already added", async () => {
    expect(await connectionMerchants(database.db, admin, merchantConnection)).toEqual([
      expect.objectContaining({ id: own.merchantId, added: true }),
    ]);
  });

  it("a manager of a restaurant on the connection may list; of none, not; an unknown connection is 404", async () => {
    const onIt = viewer([integrator.merchantIds[0]!]);
    expect(await connectionMerchants(database.db, onIt, appConnection)).toHaveLength(5);
    expect(await failureOf(connectionMerchants(database.db, viewer(["elsewhere"]), appConnection))).toEqual({
      code: "forbidden",
      reason: undefined,
    });
    expect(await failureOf(connectionMerchants(database.db, admin, "no-such-connection"))).toMatchObject({
      code: "not_found",
    });
  });

  it("a 1.x connection has no list: the typed id stays", async () => {
    await sandbox.control("PUT", "/control/discovery", { mode: "missing" });
    try {
      // A connection never read before, whose platform publishes no manifest: 1.x as before discovery.
      await forgetDiscovery(database.db, merchantConnection);
      await refreshDiscovery(database.db, { id: merchantConnection, baseUrl: sandbox.url });
      expect(await failureOf(connectionMerchants(database.db, admin, merchantConnection))).toEqual({
        code: "action_not_allowed",
        reason: "merchantsNotV2",
      });
    } finally {
      await sandbox.control("DELETE", "/control/discovery");
      await forgetDiscovery(database.db, merchantConnection);
      await refreshDiscovery(database.db, { id: merchantConnection, baseUrl: sandbox.url });
    }
  });

  it("a scope not granted (401), a platform down (503), an answer not the document's: each a reason, nothing listed", async () => {
    await sandbox.control("PUT", `/control/integrators/${integrator.clientId}/scopes`, { scopes: ["od.orders"] });
    expect(await failureOf(connectionMerchants(database.db, admin, appConnection))).toEqual({
      code: "platform_unavailable",
      reason: "merchantsUnauthorized",
    });
    await sandbox.control("PUT", `/control/integrators/${integrator.clientId}/scopes`, { scopes: ["od.menu"] });

    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "GET /v2/merchants", errorRate: 1, errorStatus: 503 }],
    });
    expect(await failureOf(connectionMerchants(database.db, admin, appConnection))).toEqual({
      code: "platform_unavailable",
      reason: "merchantsUnreachable",
    });

    await sandbox.control("PUT", "/control/faults", { rules: [{ route: "GET /v2/merchants", malformedRate: 1 }] });
    expect(await failureOf(connectionMerchants(database.db, admin, appConnection))).toEqual({
      code: "platform_unavailable",
      reason: "merchantsInvalid",
    });
  });

  it("each reason has its sentence in pt-BR and English", () => {
    for (const reason of ["merchantsNotV2", "merchantsUnreachable", "merchantsUnauthorized", "merchantsInvalid"])
      for (const messages of [ptBR, en])
        expect((messages.errorReason as Record<string, string>)[reason]).toMatch(/\w{3,}/);
  });
});
