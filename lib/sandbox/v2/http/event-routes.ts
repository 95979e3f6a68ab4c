import { Hono } from "hono";
import { originOf, type HttpDeps, type SandboxEnv } from "../../http/context";
import { MAX_POLLING_MERCHANTS } from "../../http/interchange-routes";
import { pollingMerchantsOf } from "../../http/middleware";
import { parseWith, readJson } from "../../http/problem";
import { coveredMerchants } from "../../tokens";
import { v2OrderUrl, v2PublicEvent } from "../events";
import { v2Auth } from "./auth";
import { v2Error } from "./errors";
import { acknowledgmentSchema, eventTypeFilterSchema } from "./schemas";

// 2.0's event polling and acknowledgment (orders.openapi.yaml, tag Events), scope od.orders:
// GET /v2/events:polling answers the unacknowledged events of the merchants the token covers (or
// the subset x-polling-merchants names; one it does not cover is 403), oldest first, at most
// 1000, 204 when none; `eventType` filters and acknowledges the others on the caller's behalf,
// as in 1.x. POST /v2/events/acknowledgment {eventIds} dismisses them (202; unknown ids ignored).

export function v2EventRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const auth = v2Auth(deps, "od.orders");

  app.get("/v2/events:polling", auth, (c) => {
    const covered = coveredMerchants(c.get("token"));
    const named = pollingMerchantsOf(c.req.header("x-polling-merchants")) ?? [];
    if (named.some((m) => !covered.includes(m)))
      return v2Error(c, 403, "x-polling-merchants names a merchant this token does not cover");
    if (named.length > MAX_POLLING_MERCHANTS)
      return v2Error(c, 400, `x-polling-merchants names at most ${MAX_POLLING_MERCHANTS} merchants`);
    const types = (c.req.queries("eventType") ?? [])
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
    const filter = types.length > 0 ? parseWith(eventTypeFilterSchema, types, "query parameter eventType") : undefined;
    const events = platform.poll(named.length > 0 ? named : covered, filter);
    if (events.length === 0) return c.body(null, 204);
    const base = `${originOf(c)}${deps.basePath}`;
    const body = events.map((e) => v2PublicEvent(e, v2OrderUrl(base, e.orderId)));
    return c.json(deps.faults.current.duplicateEvents ? [...body, ...body] : body);
  });

  app.post("/v2/events/acknowledgment", auth, async (c) => {
    const body = parseWith(acknowledgmentSchema, await readJson(c));
    platform.acknowledge(coveredMerchants(c.get("token")), body.eventIds);
    return c.body(null, 202);
  });

  return app;
}
