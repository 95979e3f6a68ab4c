import { Hono, type Context } from "hono";
import { z } from "zod";
import { SandboxError } from "../errors";
import type { HttpDeps, SandboxEnv } from "./context";
import { parseWith, problem } from "./problem";

// POST /oauth/token — client credentials. The standard sends a form; the platform document does
// not say, so JSON is accepted too, and so are credentials in HTTP Basic (RFC 6749 §2.3.1).

const tokenRequestSchema = z.object({
  grant_type: z.literal("client_credentials", { error: "must be client_credentials" }),
  client_id: z.string({ error: "is required" }).min(1, { error: "is required" }),
  client_secret: z.string({ error: "is required" }).min(1, { error: "is required" }),
});

async function readTokenRequest(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  const type = c.req.header("content-type") ?? "";
  let fields: Record<string, unknown> = {};
  if (type.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text || "{}");
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
    } catch {
      throw new SandboxError(400, "Invalid token request: body is not valid JSON");
    }
  } else {
    fields = Object.fromEntries(new URLSearchParams(text));
  }
  const basic = /^Basic\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (basic && fields.client_id === undefined) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
      fields.client_id = decodeURIComponent(decoded.slice(0, colon));
      fields.client_secret = decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  return fields;
}

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
