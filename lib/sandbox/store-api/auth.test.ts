import { describe, expect, it } from "vitest";
import { startStoreKit, sharedStoreKit } from "../../../e2e/support/sandbox/store-kit";

// Every store API call needs X-Service-ID, X-Service-Client-Id and a store-API token of that
// store; customer operations need a customer's token. Errors use the envelope.

const kit = sharedStoreKit();

describe("store API authentication", () => {
  it("answers 400 without X-Service-ID or X-Service-Client-Id", async () => {
    const noService = await kit.call("GET", "/store-api/v1/stores/current", {
      token: kit.app,
      headers: { "x-service-client-id": kit.pizzaria.store.clientId },
    });
    expect((await kit.error(noService, 400)).message).toContain("X-Service-ID");
    const noClient = await kit.call("GET", "/store-api/v1/stores/current", {
      token: kit.app,
      headers: { "x-service-id": kit.pizzaria.serviceId },
    });
    expect((await kit.error(noClient, 400)).message).toContain("X-Service-Client-Id");
  });

  it("answers 404 for an unknown store and 401 without or with a bad token", async () => {
    await kit.error(
      await kit.store("GET", "/stores/current", { token: kit.app, headers: { "x-service-id": "nao-existe" } }),
      404,
    );
    await kit.error(await kit.store("GET", "/stores/current"), 401);
    await kit.error(await kit.store("GET", "/stores/current", { token: "forged" }), 401);
    await kit.error(await kit.store("GET", "/stores/current", { token: await kit.token(kit.pizzaria) }), 401);
  });

  it("accepts a token only for the store it was issued for", async () => {
    const burgerToken = await kit.appToken(kit.burger);
    const headers = { "x-service-client-id": kit.burger.store.clientId };
    await kit.error(await kit.store("GET", "/stores/current", { token: burgerToken, headers }), 403);
    expect(
      (
        await kit.data<{ id: number }>(
          await kit.store("GET", "/stores/current", { token: burgerToken, merchant: kit.burger }),
        )
      ).id,
    ).toBe(102);
  });

  it("needs a customer's token for customer operations", async () => {
    const error = await kit.error(
      await kit.store("GET", "/customers/me", { token: kit.app }),
      403,
      "customer_login_required",
    );
    expect(error.message).toContain("grant_type=password");
  });

  it("answers unknown store API paths with the envelope", async () => {
    expect(
      (await kit.error(await kit.store("GET", "/nothing-here", { token: kit.app }), 404, "not_found")).message,
    ).toContain("/store-api/v1/nothing-here");
  });

  it("works the same mounted under /sandbox, as inside Comanda", async () => {
    const mounted = await startStoreKit(undefined, { basePath: "/sandbox" });
    try {
      expect(mounted.url).toMatch(/\/sandbox$/);
      const store = await mounted.data<{ id: number }>(
        await mounted.store("GET", "/stores/current", { token: await mounted.appToken() }),
      );
      expect(store.id).toBe(101);
    } finally {
      await mounted.close();
    }
  });
});
