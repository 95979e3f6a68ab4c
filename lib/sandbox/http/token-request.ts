import type { Context } from "hono";
import { SandboxError } from "../errors";

// The body of a token request, for /oauth/token, /admin-api/token and /store-api/token: a form
// (the standard), or JSON (the platform document says every call is JSON), with client
// credentials possibly in HTTP Basic (RFC 6749 §2.3.1).

export async function readTokenRequest(c: Context): Promise<Record<string, unknown>> {
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
