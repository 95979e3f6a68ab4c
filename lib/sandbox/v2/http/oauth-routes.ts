import { Hono } from "hono";
import { z } from "zod";
import { SandboxError } from "../../errors";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { readTokenRequest } from "../../http/token-request";
import { grantedScopes, scopesFor } from "../scopes";
import { v2Error } from "./errors";

// POST /oauth/token on a 2.0 platform (authentication.openapi.yaml): client_credentials with an
// application's credential (`by_app`, an integrator: one token for all its merchants) or a
// merchant's (`by_merchant`, legacy), and `scope` (space-separated) checked against what the
// credential was granted (v2/scopes.ts). The document's body is JSON, its protocol page's a form:
// both are read. Every refusal is 401 `{code, message}`, the one error the operation declares
// (codes as RFC 6749's: invalid_request, unsupported_grant_type, invalid_client, invalid_scope).

const tokenRequestSchema = z.object({
  grant_type: z.string({ error: "grant_type is required" }),
  client_id: z.string({ error: "client_id is required" }).min(1, { error: "client_id is required" }),
  client_secret: z.string({ error: "client_secret is required" }).min(1, { error: "client_secret is required" }),
  scope: z.string().optional(),
});

export function v2OauthRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  app.post("/oauth/token", async (c) => {
    const parsed = tokenRequestSchema.safeParse(await readTokenRequest(c));
    if (!parsed.success)
      return v2Error(c, 401, parsed.error.issues[0]?.message ?? "Invalid token request", "invalid_request");
    const body = parsed.data;
    if (body.grant_type !== "client_credentials")
      return v2Error(c, 401, "Only client_credentials is supported here", "unsupported_grant_type");
    const integrator = platform.state.integrators.find((i) => i.clientId === body.client_id);
    const token = platform.issueToken(body.client_id, body.client_secret);
    if (!token) return v2Error(c, 401, "Invalid client credentials", "invalid_client");
    try {
      token.scopes = scopesFor(body.scope, grantedScopes(integrator));
    } catch (error) {
      platform.state.tokens.delete(token.token);
      if (error instanceof SandboxError) return v2Error(c, 401, error.title, "invalid_scope");
      throw error;
    }
    platform.touch();
    c.header("cache-control", "no-store");
    return c.json({
      access_token: token.token,
      token_type: "bearer",
      expires_in: platform.tokenTtlSeconds,
      scope: token.scopes.join(" "),
    });
  });
  return app;
}
