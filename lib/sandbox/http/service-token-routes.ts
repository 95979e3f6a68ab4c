import { Hono, type Context } from "hono";
import { z } from "zod";
import { issueServiceToken, redeemRefreshToken, sameSecret, serviceStore, TokenError } from "../tokens";
import type { Merchant } from "../types";
import type { HttpDeps, SandboxEnv } from "./context";
import { parseWith } from "./problem";
import { readTokenRequest } from "./token-request";

// POST /admin-api/token (password, refresh_token) and POST /store-api/token (client_credentials,
// password with a customer's login, refresh_token). Token creation needs X-Service-ID and
// X-Service-Client-Id (= the body's client_id), not Authorization. Refresh tokens work once and
// last 31 days; client_credentials gets no refresh token (RFC 6749 §4.4.3).

const required = z.string({ error: "is required" }).min(1, { error: "is required" });
const client = { client_id: required, client_secret: required };

const adminGrant = z.discriminatedUnion(
  "grant_type",
  [
    z.object({ grant_type: z.literal("password"), ...client, username: required, password: required }),
    z.object({ grant_type: z.literal("refresh_token"), ...client, refresh_token: required }),
  ],
  { error: "grant_type must be password or refresh_token" },
);

const storeGrant = z.discriminatedUnion(
  "grant_type",
  [
    z.object({ grant_type: z.literal("client_credentials"), ...client }),
    z.object({ grant_type: z.literal("password"), ...client, username: required, password: required }),
    z.object({ grant_type: z.literal("refresh_token"), ...client, refresh_token: required }),
  ],
  { error: "grant_type must be client_credentials, password or refresh_token" },
);

type Grant = z.infer<typeof storeGrant>;

const invalidGrant = (message: string) => new TokenError(400, "invalid_grant", message);

function checkClient(merchant: Merchant, kind: "admin" | "store", headerClientId: string, grant: Grant) {
  if (grant.client_id !== headerClientId)
    throw new TokenError(401, "invalid_client", "X-Service-Client-Id does not match client_id");
  const expected = merchant[kind];
  if (grant.client_id !== expected.clientId || !sameSecret(expected.clientSecret, grant.client_secret)) {
    throw new TokenError(401, "invalid_client", "Invalid client credentials for this store");
  }
}

/** Who the token is for: the store itself, or a customer (store password grant and its refreshes). */
function subject(deps: HttpDeps, merchant: Merchant, kind: "admin" | "store", grant: Grant): { customerId?: number } {
  if (grant.grant_type === "client_credentials") return {};
  if (grant.grant_type === "refresh_token") {
    const spent = redeemRefreshToken(
      deps.platform.state,
      kind,
      grant.refresh_token,
      merchant,
      deps.platform.clock.nowMs(),
    );
    if (!spent) throw invalidGrant("The refresh token is invalid, expired or already used");
    return spent.customerId === undefined ? {} : { customerId: spent.customerId };
  }
  if (kind === "admin") {
    const ok = grant.username === merchant.admin.username && sameSecret(merchant.admin.password, grant.password);
    if (!ok) throw invalidGrant("Invalid username or password");
    return {};
  }
  const customer = merchant.customers.find((c) => c.username.toLowerCase() === grant.username.toLowerCase());
  if (!customer || !sameSecret(customer.password, grant.password)) throw invalidGrant("Invalid username or password");
  return { customerId: customer.customerId };
}

export function serviceTokenRoutes(deps: HttpDeps) {
  const app = new Hono<SandboxEnv>();
  const { platform } = deps;

  const handler = (kind: "admin" | "store") => async (c: Context<SandboxEnv>) => {
    const { merchant, clientId } = serviceStore(platform.state, c.req.raw.headers);
    const grant: Grant = parseWith(
      kind === "admin" ? adminGrant : storeGrant,
      await readTokenRequest(c),
      "token request",
    );
    checkClient(merchant, kind, clientId, grant);
    const who = subject(deps, merchant, kind, grant);
    const { access, refresh } = issueServiceToken(
      platform.state,
      { kind, merchant, ...who, withRefresh: grant.grant_type !== "client_credentials" },
      platform.clock.nowMs(),
      platform.tokenTtlSeconds,
    );
    platform.touch();
    c.header("cache-control", "no-store");
    return c.json({
      token_type: "Bearer",
      expires_in: platform.tokenTtlSeconds,
      access_token: access.token,
      ...(refresh ? { refresh_token: refresh.token } : {}),
    });
  };

  app.post("/admin-api/token", handler("admin"));
  app.post("/store-api/token", handler("store"));
  return app;
}
