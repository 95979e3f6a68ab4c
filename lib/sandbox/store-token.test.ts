import { afterEach, describe, expect, it } from "vitest";
import {
  adminToken,
  expectError,
  refreshGrant,
  requestToken,
  serviceHeaders,
  type TokenAnswer,
} from "../../e2e/support/sandbox/service";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";
import { TokenError, verifyStoreApiToken } from "./tokens";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const brands = (token: string, merchant = sbx.merchants[0]!) =>
  sbx.call("GET", "/store-api/v1/stores/creditcards/accepted-brands", {
    headers: serviceHeaders(merchant, "store", token),
  });

function storeGrant(kind: "client_credentials" | "password", customer?: { username: string; password: string }) {
  const merchant = sbx.merchants[0]!;
  const client = { client_id: merchant.store.clientId, client_secret: merchant.store.clientSecret };
  return kind === "password"
    ? { grant_type: "password", ...client, ...customer! }
    : { grant_type: "client_credentials", ...client };
}

async function storeToken(body: Record<string, string>): Promise<TokenAnswer> {
  const response = await requestToken(sbx, "store", body, serviceHeaders(sbx.merchants[0]!, "store"));
  if (response.status !== 200) throw new Error(`store token: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenAnswer;
}

describe("POST /store-api/token", () => {
  it("client_credentials: a store token without refresh token, accepted by the store API", async () => {
    sbx = await startTestSandbox();
    const answer = await storeToken(storeGrant("client_credentials"));
    expect(answer).toEqual({ token_type: "Bearer", expires_in: 21600, access_token: expect.any(String) });
    const response = await brands(answer.access_token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; data: { brands: { encodedName: string }[] } };
    expect(body.status).toBe("success");
    expect(body.data.brands.map((b) => b.encodedName)).toEqual(expect.arrayContaining(["visa", "mastercard", "elo"]));
    const caller = verifyStoreApiToken(
      sbx.sandbox.platform,
      new Headers(serviceHeaders(sbx.merchants[0]!, "store", answer.access_token)),
    );
    expect(caller).toMatchObject({ storeId: sbx.merchants[0]!.merchantId, serviceId: sbx.merchants[0]!.serviceId });
    expect(caller.customerId).toBeUndefined();
  });

  it("password grant with a customer's login: a customer token; its refresh token works once and keeps the customer", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!;
    const [listed] = await sbx.control<{ customers: { username: string; password: string }[] }[]>(
      "GET",
      "/control/merchants",
    );
    const login = listed!.customers[0]!;
    const answer = await storeToken(storeGrant("password", login));
    expect(answer.refresh_token).toEqual(expect.any(String));
    const customerId = verifyStoreApiToken(
      sbx.sandbox.platform,
      new Headers(serviceHeaders(merchant, "store", answer.access_token)),
    ).customerId;
    expect(customerId).toBe(merchant.customers[0]!.customerId);

    const renewed = await storeToken(refreshGrant(merchant, "store", answer.refresh_token!));
    const again = verifyStoreApiToken(
      sbx.sandbox.platform,
      new Headers(serviceHeaders(merchant, "store", renewed.access_token)),
    );
    expect(again.customerId).toBe(customerId);
    const reused = await requestToken(
      sbx,
      "store",
      refreshGrant(merchant, "store", answer.refresh_token!),
      serviceHeaders(merchant, "store"),
    );
    await expectError(reused, 400, "invalid_grant");
    const wrong = await requestToken(
      sbx,
      "store",
      storeGrant("password", { ...login, password: "nope" }),
      serviceHeaders(merchant, "store"),
    );
    await expectError(wrong, 400, "invalid_grant");
  });

  it("refuses admin credentials, admin refresh tokens and a missing header", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!;
    const admin = await adminToken(sbx, merchant);
    const adminCredentials = {
      grant_type: "client_credentials",
      client_id: merchant.admin.clientId,
      client_secret: merchant.admin.clientSecret,
    };
    await expectError(
      await requestToken(sbx, "store", adminCredentials, serviceHeaders(merchant, "admin")),
      401,
      "invalid_client",
    );
    await expectError(
      await requestToken(
        sbx,
        "store",
        refreshGrant(merchant, "store", admin.refresh_token!),
        serviceHeaders(merchant, "store"),
      ),
      400,
      "invalid_grant",
    );
    const partial = serviceHeaders(merchant, "store");
    delete partial["x-service-client-id"];
    await expectError(
      await requestToken(sbx, "store", storeGrant("client_credentials"), partial),
      400,
      "invalid_request",
    );
  });
});

describe("store API token checks", () => {
  it("401 without or with a foreign kind of token, 403 for another store, TokenError from verifyStoreApiToken", async () => {
    sbx = await startTestSandbox();
    const [merchant, other] = [sbx.merchants[0]!, sbx.merchants[1]!];
    const { access_token: token } = await storeToken(storeGrant("client_credentials"));
    await expectError(await brands(""), 401, "unauthorized");
    await expectError(await brands((await adminToken(sbx, merchant)).access_token), 401, "invalid_token");
    await expectError(await brands(await sbx.token(merchant)), 401, "invalid_token");
    await expectError(await brands(token, other), 403, "forbidden");
    expect(() => verifyStoreApiToken(sbx.sandbox.platform, new Headers(serviceHeaders(other, "store", token)))).toThrow(
      TokenError,
    );
    await sbx.control("POST", "/control/clock", { advanceSeconds: 21_600 });
    await expectError(await brands(token), 401, "invalid_token");
  });
});
