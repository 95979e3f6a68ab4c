import { afterEach, expect, it } from "vitest";
import { v2ResponseErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { startTestSandboxHost, type TestSandboxHost } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, v2Client } from "@/e2e/support/sandbox/v2-client";
import type { PlatformEntry } from "../platforms";

// Discovery and authentication of a 2.0 platform beside a 1.7 one (createSandboxHost's
// `dialects`), every 2.0 answer checked against rc.2's documents.

let started: TestSandboxHost | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

type Integrator = { name: string; clientId: string; clientSecret: string; merchantIds: string[] };

async function bothDialects() {
  started = await startTestSandboxHost({ platforms: 2, dialects: ["1.7", "2.0"] });
  const [v1, v2] = started.platforms as [TestSandboxHost["platforms"][0], TestSandboxHost["platforms"][0]];
  const [integrator] = await v2.control<Integrator[]>("GET", "/control/integrators");
  return { v1, v2, client: v2Client(v2), app: integrator! };
}

describeAgainstV2("a 2.0 platform beside a 1.7 one", () => {
  it("lists each platform's dialect and publishes a 2.0 manifest valid against discovery.openapi.yaml", async () => {
    const { v1, v2 } = await bothDialects();
    const listed = await v1.control<PlatformEntry[]>("GET", "/control/platforms");
    expect(listed.map((p) => [p.basePath, p.openDelivery])).toEqual([
      ["", "1.7"],
      ["/p2", "2.0"],
    ]);

    const manifest = await (await v2.call("GET", "/.well-known/opendelivery")).json();
    expect(v2ResponseErrors("discovery", "/.well-known/opendelivery", "GET", 200, manifest)).toEqual([]);
    expect(manifest).toMatchObject({
      openDelivery: { currentVersion: "2.0", supportedVersions: ["2.0"] },
      authentication: { supportedGrantTypes: ["client_credentials"], clientIdGeneration: ["by_app", "by_merchant"] },
      capabilities: { orders: { originator: { supportsWebhook: true, supportsPolling: true } } },
    });
    expect(manifest.capabilities.orders.receiver.supportedOperations).toEqual(
      expect.arrayContaining(["confirmOrder", "dispatchOrder", "setOrderDelivered", "validateDeliveryCode"]),
    );
    // Merchant is declared with its catalogue sync model (PUSH_CRUD unless /control/discovery says).
    expect(manifest.capabilities.merchant).toMatchObject({ supported: true, catalogSyncModel: "PUSH_CRUD" });

    // The 1.7 platform's manifest still says 1.x.
    const old = await (await v1.call("GET", "/.well-known/opendelivery")).json();
    expect(old.openDelivery.supportedVersions).toEqual(["1.7", "1.5", "1.3"]);
  });

  it("switches the 2.0 manifest like the 1.x one: unknown version, operations left undeclared, missing", async () => {
    const { v2 } = await bothDialects();
    await v2.control("PUT", "/control/discovery", { mode: "unknownVersion", omitOperations: ["dispatchOrder"] });
    const manifest = await (await v2.call("GET", "/.well-known/opendelivery")).json();
    expect(manifest.openDelivery.supportedVersions).toEqual(["3.0"]);
    expect(manifest.capabilities.orders.receiver.supportedOperations).not.toContain("dispatchOrder");
    expect(manifest.capabilities.orders.receiver.unsupportedOperations).toContain("dispatchOrder");
    await v2.control("PUT", "/control/discovery", { mode: "missing" });
    expect((await v2.call("GET", "/.well-known/opendelivery")).status).toBe(404);
  });

  it("issues an application token with explicit scopes and refuses a scope not granted", async () => {
    const { client, app } = await bothDialects();
    const granted = await client.call<{ scope: string; token_type: string }>("POST", "/oauth/token", {
      body: {
        grant_type: "client_credentials",
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scope: "od.orders",
      },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ scope: "od.orders", token_type: "bearer" });

    for (const scope of ["od.crm", "od.all", "od.orders od.crm", "od.everything"]) {
      const refused = await client.call<{ code: string }>("POST", "/oauth/token", {
        body: { grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret, scope },
      });
      expect(refused.status, scope).toBe(401);
      expect(refused.body.code).toBe("invalid_scope");
    }
    const wrong = await client.call<{ code: string }>("POST", "/oauth/token", {
      body: { grant_type: "client_credentials", client_id: app.clientId, client_secret: "nope", scope: "od.orders" },
    });
    expect([wrong.status, wrong.body.code]).toEqual([401, "invalid_client"]);
  });

  it("takes the token request as a form too (the protocol page's example)", async () => {
    const { v2, app } = await bothDialects();
    const response = await v2.call("POST", "/oauth/token", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scope: "od.orders od.menu",
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { scope: string }).scope).toBe("od.orders od.menu");
  });

  it("answers 403 to a token without od.orders, and the granted scopes follow the control switch", async () => {
    const { v2, client, app } = await bothDialects();
    const menuOnly = await client.token(app, "od.menu");
    const refused = await client.call<{ code: string }>("GET", "/events:polling", { token: menuOnly });
    expect(refused.status).toBe(403);

    await v2.control("PUT", `/control/integrators/${app.clientId}/scopes`, { scopes: ["od.menu"] });
    await expect(client.token(app, "od.orders")).rejects.toThrow(/HTTP 401/);
    await v2.control("PUT", `/control/integrators/${app.clientId}/scopes`, { scopes: ["od.orders", "od.all"] });
    const all = await client.token(app, "od.all");
    expect((await client.call("GET", "/events:polling", { token: all })).status).toBe(204);
  });

  it("lists the merchants that authorised the application (by_app) and a merchant's own (by_merchant)", async () => {
    const { v2, client, app } = await bothDialects();
    const appToken = await client.token(app, "od.orders");
    const listed = await client.call<{
      merchants: { id: string; status: string }[];
      pagination: { totalItems: number };
    }>("GET", "/merchants", { token: appToken });
    expect(listed.status).toBe(200);
    expect(listed.body.merchants.map((m) => m.id).sort()).toEqual([...app.merchantIds].sort());
    expect(listed.body.pagination.totalItems).toBe(app.merchantIds.length);
    expect(listed.body.merchants.every((m) => m.status === "OPEN")).toBe(true);

    const page = await client.call<{ merchants: unknown[] }>("GET", "/merchants", {
      token: appToken,
      query: "?pageSize=1&page=2",
    });
    expect(page.body.merchants).toHaveLength(app.merchantIds.length > 1 ? 1 : 0);

    const merchant = v2.merchants[0]!;
    const own = await client.token({
      clientId: merchant.interchange.clientId,
      clientSecret: merchant.interchange.clientSecret,
    });
    const mine = await client.call<{ merchants: { id: string }[] }>("GET", "/merchants", { token: own });
    expect(mine.body.merchants.map((m) => m.id)).toEqual([merchant.merchantId]);

    expect((await client.call("GET", "/merchants", {})).status).toBe(401);
  });

  it("serves no 1.x interchange on the 2.0 platform and no 2.0 on the 1.7 one", async () => {
    const { v1, v2, client, app } = await bothDialects();
    const token = await client.token(app, "od.orders");
    expect((await v2.call("GET", "/v1/events:polling", { token })).status).toBe(404);
    const v1Token = await v1.token();
    expect((await v1.call("GET", "/v2/events:polling", { token: v1Token })).status).toBe(404);
    expect((await v1.call("GET", "/v1/events:polling", { token: v1Token })).status).toBe(204);
  });
});
