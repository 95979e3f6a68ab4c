import type { MiddlewareHandler } from "hono";
import type { HttpDeps, SandboxEnv } from "./context";
import { problem } from "./problem";

const SECRET_FIELDS = ["client_secret", "password", "refresh_token"];

const ORDER_PATH = /\/orders\/([^/]+)/;

/** The body as logged: JSON or form fields, with secrets never written anywhere. */
function loggedBody(text: string, contentType: string): unknown {
  if (text.trim() === "") return null;
  let body: unknown = text;
  if (contentType.includes("application/x-www-form-urlencoded")) {
    body = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: a malformed body is exactly what a test may want to see.
    }
  }
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const copy: Record<string, unknown> = { ...body };
    for (const key of SECRET_FIELDS) if (key in copy) copy[key] = "***";
    return copy;
  }
  return body;
}

function orderIdsOf(path: string, body: unknown): string[] {
  const fromPath = ORDER_PATH.exec(path)?.[1];
  if (fromPath) return [decodeURIComponent(fromPath)];
  if (!Array.isArray(body)) return [];
  const ids = body.map((item: unknown) =>
    item && typeof item === "object" && "orderId" in item && typeof item.orderId === "string"
      ? item.orderId
      : undefined,
  );
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

export function pollingMerchantsOf(header: string | undefined): string[] | null {
  if (header === undefined) return null;
  return header
    .split(",")
    .map((merchant) => merchant.trim())
    .filter(Boolean);
}

export function requestLogger(deps: HttpDeps): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const startedAt = new Date().toISOString();
    await next();
    const url = new URL(c.req.url);
    const path = url.pathname.slice(deps.basePath.length) || "/";
    let text = "";
    try {
      text = await c.req.text();
    } catch {
      // A body already consumed elsewhere is simply not logged.
    }
    const body = loggedBody(text, c.req.header("content-type") ?? "");
    deps.log.add({
      method: c.req.method,
      path,
      query: url.search,
      status: c.res.status,
      body,
      orderIds: orderIdsOf(path, body),
      pollingMerchants: pollingMerchantsOf(c.req.header("x-polling-merchants")),
      clientId: c.get("token")?.clientId ?? null,
      userAgent: c.req.header("user-agent") ?? null,
      startedAt,
      at: new Date().toISOString(),
    });
  };
}

export function bearerAuth(deps: HttpDeps): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    const challenge = { "www-authenticate": 'Bearer realm="sandbox"' };
    if (!match?.[1]) return problem(c, 401, "Missing bearer access token", challenge);
    const token = deps.platform.authenticate(match[1]);
    if (!token) return problem(c, 401, "Invalid or expired access token", challenge);
    c.set("token", token);
    await next();
  };
}
