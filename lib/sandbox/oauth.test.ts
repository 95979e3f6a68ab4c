import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("POST /oauth/token", () => {
  it("issues a bearer token for form-encoded client credentials", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!;
    const response = await sbx.call(
      "POST",
      "/oauth/token",
      form({
        grant_type: "client_credentials",
        client_id: merchant.interchange.clientId,
        client_secret: merchant.interchange.clientSecret,
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: "bearer", expires_in: 21600 });
    expect(typeof body.access_token).toBe("string");
    expect((body.access_token as string).length).toBeGreaterThan(20);
  });

  it("accepts JSON and honours the configured lifetime", async () => {
    sbx = await startTestSandbox({ tokenTtlSeconds: 120 });
    const merchant = sbx.merchants[1]!;
    const response = await sbx.call("POST", "/oauth/token", {
      body: {
        grant_type: "client_credentials",
        client_id: merchant.interchange.clientId,
        client_secret: merchant.interchange.clientSecret,
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: "bearer", expires_in: 120 });
  });

  it("answers 401 problem+json for a wrong secret or an unknown client", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!;
    for (const [id, secret] of [
      [merchant.interchange.clientId, "wrong-secret"],
      ["nobody", merchant.interchange.clientSecret],
    ] as const) {
      const response = await sbx.call(
        "POST",
        "/oauth/token",
        form({ grant_type: "client_credentials", client_id: id, client_secret: secret }),
      );
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(await response.json()).toEqual({ title: "Invalid client credentials", status: 401 });
    }
  });

  it("answers 400 naming the field for another grant or a missing client_id", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!;
    const wrongGrant = await sbx.call(
      "POST",
      "/oauth/token",
      form({
        grant_type: "password",
        client_id: merchant.interchange.clientId,
        client_secret: merchant.interchange.clientSecret,
      }),
    );
    expect(wrongGrant.status).toBe(400);
    expect(((await wrongGrant.json()) as { title: string }).title).toContain("grant_type");
    const missingId = await sbx.call(
      "POST",
      "/oauth/token",
      form({ grant_type: "client_credentials", client_secret: "x" }),
    );
    expect(missingId.status).toBe(400);
    expect(await missingId.json()).toMatchObject({ status: 400, title: expect.stringContaining("client_id") });
  });

  it("a token is scoped to its merchant and refused once expired", async () => {
    let now = Date.parse("2026-03-01T12:00:00Z");
    sbx = await startTestSandbox({ tokenTtlSeconds: 60, now: () => new Date(now) });
    const token = await sbx.token();
    expect((await sbx.call("GET", "/v1/events:polling", { token })).status).toBe(204);

    now += 61_000;
    const expired = await sbx.call("GET", "/v1/events:polling", { token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("content-type")).toContain("application/problem+json");
    expect(await expired.json()).toEqual({ title: "Invalid or expired access token", status: 401 });
  });

  it("refuses interchange calls without a bearer token or with a forged one", async () => {
    sbx = await startTestSandbox();
    const orderId = await sbx.createOrder();
    for (const init of [{}, { token: "forged" }, { headers: { authorization: "Basic Zm9vOmJhcg==" } }]) {
      const response = await sbx.call("GET", `/v1/orders/${orderId}`, init);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { status: number }).status).toBe(401);
    }
  });
});
