import { afterEach, describe, expect, it } from "vitest";
import {
  adminPasswordGrant,
  adminToken,
  expectError,
  refreshGrant,
  requestToken,
  serviceHeaders,
  type TokenAnswer,
} from "../../e2e/support/sandbox/service";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

type OrderList = {
  status: string;
  data: {
    orders: { id: string; status: string }[];
    pagination: { currentOffset: number; limit: number; totalItems: number };
  };
};

const listOrders = (token: string, query = "", merchant = sbx.merchants[0]!) =>
  sbx.call("GET", `/admin-api/v1/orders${query}`, { headers: serviceHeaders(merchant, "admin", token) });

describe("POST /admin-api/token", () => {
  it("password grant with the store's API credentials: Bearer token, 6 h, and a refresh token", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!;
    const response = await requestToken(sbx, "admin", adminPasswordGrant(merchant), serviceHeaders(merchant, "admin"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      token_type: "Bearer",
      expires_in: 21600,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    // A form body works too (the standard's encoding for token requests).
    const form = await sbx.call("POST", "/admin-api/token", {
      body: new URLSearchParams(adminPasswordGrant(merchant)).toString(),
      headers: { ...serviceHeaders(merchant, "admin"), "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(200);
  });

  it("checks headers, client and grant: 400, 401, 404 in the platform's error envelope", async () => {
    sbx = await startTestSandbox();
    const [merchant, other] = [sbx.merchants[0]!, sbx.merchants[1]!];
    const grant = adminPasswordGrant(merchant);
    const headers = serviceHeaders(merchant, "admin");
    const noServiceId = await expectError(
      await requestToken(sbx, "admin", grant, { "x-service-client-id": merchant.admin.clientId }),
      400,
      "invalid_request",
    );
    expect(noServiceId.error.message).toContain("X-Service-ID");
    const noClient = await expectError(
      await requestToken(sbx, "admin", grant, { "x-service-id": merchant.serviceId }),
      400,
      "invalid_request",
    );
    expect(noClient.error.message).toContain("X-Service-Client-Id");
    await expectError(
      await requestToken(sbx, "admin", grant, { ...headers, "x-service-id": "nowhere" }),
      404,
      "store_not_found",
    );
    await expectError(
      await requestToken(sbx, "admin", grant, { ...headers, "x-service-client-id": "someone-else" }),
      401,
      "invalid_client",
    );
    await expectError(
      await requestToken(sbx, "admin", { ...grant, client_secret: "wrong" }, headers),
      401,
      "invalid_client",
    );
    await expectError(
      await requestToken(sbx, "admin", adminPasswordGrant(merchant), serviceHeaders(other, "admin")),
      401,
      "invalid_client",
    );
    await expectError(await requestToken(sbx, "admin", { ...grant, password: "wrong" }, headers), 400, "invalid_grant");
    const badGrant = await expectError(
      await requestToken(sbx, "admin", { ...grant, grant_type: "client_credentials" }, headers),
      400,
      "invalid_request",
    );
    expect(badGrant.error.message).toContain("grant_type");
    const noUser: Record<string, string> = { ...grant };
    delete noUser.username;
    expect(
      (await expectError(await requestToken(sbx, "admin", noUser, headers), 400, "invalid_request")).error.message,
    ).toContain("username");
  });

  it("a refresh token works once, for its store, for 31 days on the sandbox clock", async () => {
    sbx = await startTestSandbox();
    const [merchant, other] = [sbx.merchants[0]!, sbx.merchants[1]!];
    const headers = serviceHeaders(merchant, "admin");
    const first = await adminToken(sbx, merchant);
    const renewed = await requestToken(sbx, "admin", refreshGrant(merchant, "admin", first.refresh_token!), headers);
    expect(renewed.status).toBe(200);
    const second = (await renewed.json()) as TokenAnswer;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await listOrders(second.access_token)).status).toBe(200);
    await expectError(
      await requestToken(sbx, "admin", refreshGrant(merchant, "admin", first.refresh_token!), headers),
      400,
      "invalid_grant",
    );

    const otherToken = await adminToken(sbx, other);
    await expectError(
      await requestToken(sbx, "admin", refreshGrant(merchant, "admin", otherToken.refresh_token!), headers),
      400,
      "invalid_grant",
    );

    await sbx.control("POST", "/control/clock", { advanceSeconds: 31 * 24 * 3600 - 60 });
    const stillValid = await requestToken(
      sbx,
      "admin",
      refreshGrant(merchant, "admin", second.refresh_token!),
      headers,
    );
    expect(stillValid.status).toBe(200);
    const third = (await stillValid.json()) as TokenAnswer;
    await sbx.control("POST", "/control/clock", { advanceSeconds: 31 * 24 * 3600 + 1 });
    await expectError(
      await requestToken(sbx, "admin", refreshGrant(merchant, "admin", third.refresh_token!), headers),
      400,
      "invalid_grant",
    );
  });
});

describe("admin API calls", () => {
  it("need the headers and a live admin token of the same store", async () => {
    sbx = await startTestSandbox();
    const [merchant, other] = [sbx.merchants[0]!, sbx.merchants[1]!];
    const { access_token: token } = await adminToken(sbx, merchant);
    await expectError(
      await sbx.call("GET", "/admin-api/v1/orders", { headers: serviceHeaders(merchant, "admin") }),
      401,
      "unauthorized",
    );
    await expectError(
      await sbx.call("GET", "/admin-api/v1/orders", { headers: { authorization: `Bearer ${token}` } }),
      400,
      "invalid_request",
    );
    await expectError(await listOrders(token, "", other), 403, "forbidden");
    const wrongClient = { ...serviceHeaders(merchant, "admin", token), "x-service-client-id": merchant.store.clientId };
    await expectError(await sbx.call("GET", "/admin-api/v1/orders", { headers: wrongClient }), 401, "invalid_client");
    await expectError(await listOrders(await sbx.token(merchant)), 401, "invalid_token");
    // And the other way round: an admin token is no interchange token.
    expect((await sbx.call("GET", "/v1/events:polling", { token })).status).toBe(401);

    await sbx.control("POST", "/control/clock", { advanceSeconds: 21_599 });
    expect((await listOrders(token)).status).toBe(200);
    await sbx.control("POST", "/control/clock", { advanceSeconds: 1 });
    await expectError(await listOrders(token), 401, "invalid_token");
  });

  it("GET /admin-api/v1/orders: envelope, newest first, status and date filters, offset/limit pagination", async () => {
    // The hour between the orders would cancel the unconfirmed first one; this is about the list.
    sbx = await startTestSandbox({ confirmDeadlineMinutes: 0 });
    const [merchant, other] = [sbx.merchants[0]!, sbx.merchants[1]!];
    const interchange = await sbx.token(merchant);
    const early = await sbx.createOrder({ type: "TAKEOUT" });
    const { now: between } = await sbx.control<{ now: string }>("POST", "/control/clock", { advanceSeconds: 3600 });
    const ready = await sbx.createOrder({ type: "TAKEOUT" });
    const done = await sbx.createOrder({ type: "DELIVERY" });
    await sbx.createOrder({ merchantId: other.merchantId });
    await sbx.call("POST", `/v1/orders/${ready}/confirm`, { token: interchange });
    await sbx.call("POST", `/v1/orders/${ready}/readyForPickup`, { token: interchange });
    for (const action of ["confirm", "dispatch", "delivered"])
      await sbx.call("POST", `/v1/orders/${done}/${action}`, { token: interchange });
    const { access_token: token } = await adminToken(sbx, merchant);

    const all = (await (await listOrders(token)).json()) as OrderList;
    expect(all.status).toBe("success");
    expect(all.data.orders.map((o) => [o.id, o.status])).toEqual([
      [done, "DONE"],
      [ready, "IN_TRANSIT"],
      [early, "CREATED"],
    ]);
    expect(all.data.pagination).toEqual({ currentOffset: 0, limit: 30, totalItems: 3 });

    const page = (await (await listOrders(token, "?offset=1&limit=1")).json()) as OrderList;
    expect(page.data).toEqual({
      orders: [expect.objectContaining({ id: ready })],
      pagination: { currentOffset: 1, limit: 1, totalItems: 3 },
    });
    const byStatus = (await (await listOrders(token, "?status=DONE&status=CREATED")).json()) as OrderList;
    expect(byStatus.data.orders.map((o) => o.id)).toEqual([done, early]);
    expect(
      ((await (await listOrders(token, "?status=IN_TRANSIT,DONE")).json()) as OrderList).data.pagination.totalItems,
    ).toBe(2);
    const from = (await (await listOrders(token, `?createdFrom=${encodeURIComponent(between)}`)).json()) as OrderList;
    expect(from.data.orders.map((o) => o.id)).toEqual([done, ready]);
    const to = (await (await listOrders(token, `?createdTo=${encodeURIComponent(between)}`)).json()) as OrderList;
    expect(to.data.orders.map((o) => o.id)).toEqual([early]);

    for (const [query, field] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?offset=-1", "offset"],
      ["?createdFrom=monday", "createdFrom"],
    ]) {
      expect((await expectError(await listOrders(token, query!), 400, "invalid_request")).error.message).toContain(
        field,
      );
    }
  });
});
