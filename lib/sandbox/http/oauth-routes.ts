import { Hono } from "hono";
import { z } from "zod";
import type { HttpDeps, SandboxEnv } from "./context";
import { parseWith, problem } from "./problem";
import { readTokenRequest } from "./token-request";

// POST /oauth/token — client credentials. The standard sends a form; the platform document does
// not say, so JSON is accepted too, and so are credentials in HTTP Basic (RFC 6749 §2.3.1).

const tokenRequestSchema = z.object({
  grant_type: z.literal("client_credentials", { error: "must be client_credentials" }),
  client_id: z.string({ error: "is required" }).min(1, { error: "is required" }),
  client_secret: z.string({ error: "is required" }).min(1, { error: "is required" }),
});

export function oauthRoutes(deps: HttpDeps) {
  const app = new Hono<SandboxEnv>();
  app.post("/oauth/token", async (c) => {
    const body = parseWith(tokenRequestSchema, await readTokenRequest(c), "token request");
    const token = deps.platform.issueToken(body.client_id, body.client_secret);
    if (!token) return problem(c, 401, "Invalid client credentials");
    c.header("cache-control", "no-store");
    return c.json({
      access_token: token.token,
      token_type: "bearer",
      expires_in: deps.platform.tokenTtlSeconds,
      scope: "od.all",
    });
  });
  return app;
}
