import type { MiddlewareHandler } from "hono";
import type { IncomingMessage } from "node:http";
import { inflateOrder, malform, matchingRules } from "../faults";
import type { HttpDeps, SandboxEnv } from "./context";
import { problem } from "./problem";
import { isV2Path, v2Error } from "../v2/http/errors";

// Applies the fault rules of PUT /control/faults to every call but control ones: latency first,
// then a dropped connection, then an injected error (before the handler, so nothing changes),
// then a malformed or inflated 200 body (after it, so the action did happen — as with a buggy
// or hostile platform).

const roll = (rate: number | undefined) => rate !== undefined && rate > 0 && Math.random() < rate;

/**
 * Standalone (node-server) the socket is destroyed at once; mounted in Next.js there is no
 * socket to reach, so the answer is a body that fails mid-flight, which aborts the connection.
 */
function droppedResponse(c: { env: unknown }): Response {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.socket) {
    incoming.socket.destroy();
    return new Response(null, { status: 200 });
  }
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error("connection dropped by an injected fault"));
      },
    }),
    { status: 200 },
  );
}

export function faultInjection(deps: HttpDeps): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname.slice(deps.basePath.length) || "/";
    const rules = matchingRules(deps.faults.current, c.req.method, path);
    if (rules.length === 0) return next();

    const latency = Math.max(0, ...rules.map((r) => r.latencyMs ?? 0));
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (rules.some((r) => roll(r.dropRate))) return droppedResponse(c);
    const failing = rules.find((r) => roll(r.errorRate));
    if (failing) {
      const status = failing.errorStatus ?? 500;
      const title = status === 503 ? "Service unavailable (injected fault)" : "Unexpected error (injected fault)";
      // A 2.0 platform fails in 2.0's words ({code, message}).
      return deps.platform.dialect === "2.0" && isV2Path(path) ? v2Error(c, status, title) : problem(c, status, title);
    }

    await next();
    const inflate = rules.find((r) => r.inflate)?.inflate;
    const malformed = rules.some((r) => roll(r.malformedRate));
    if ((!inflate && !malformed) || c.res.status !== 200) return;
    if (!(c.res.headers.get("content-type") ?? "").includes("json")) return;
    let body: unknown = await c.res.clone().json();
    if (inflate) body = inflateOrder(body, inflate);
    if (malformed) body = malform(body);
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify(body), { status: 200, headers });
  };
}
