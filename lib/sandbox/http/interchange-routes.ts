import { Hono } from "hono";
import { z } from "zod";
import { publicEvent } from "../public-event";
import { orderUrl, type HttpDeps, type SandboxEnv } from "./context";
import { coveredMerchants } from "../tokens";
import { bearerAuth } from "./middleware";
import { parseWith, problem, readJson } from "./problem";

// The standard's event and order-details operations (the order actions are in
// order-action-routes.ts). Every route needs a bearer token.

/** Event types of Open Delivery 1.3 plus those added in 1.5; a filter naming anything else is a 400. */
export const KNOWN_EVENT_TYPES = [
  "CREATED",
  "CONFIRMED",
  "DISPATCHED",
  "READY_FOR_PICKUP",
  "PICKUP_AREA_ASSIGNED",
  "DELIVERED",
  "CONCLUDED",
  "CANCELLATION_REQUESTED",
  "CANCELLATION_REQUEST_DENIED",
  "CANCELLED",
  "ORDER_CANCELLATION_REQUEST",
  "CANCELLED_DENIED",
  "PREPARING",
  "PICKED_UP",
  "PREPARATION_REQUESTED",
] as const;

/** Merchants one poll may name (the standard's limit on x-polling-merchants). */
export const MAX_POLLING_MERCHANTS = 100;

const eventTypeFilterSchema = z.array(z.enum(KNOWN_EVENT_TYPES)).max(15, { error: "at most 15 event types" });

const ackSchema = z
  .array(
    z.object({
      id: z.uuid(),
      orderId: z.uuid(),
      // Open: a client acknowledging a type newer than this sandbox must not be refused.
      eventType: z.string().min(1),
    }),
    { error: "must be a JSON array of {id, orderId, eventType}" },
  )
  .max(100, { error: "at most 100 events per acknowledgment" });

function eventTypeFilter(values: string[] | undefined): string[] | undefined {
  // Repeated parameters are the standard; comma-separated values are tolerated.
  const types = (values ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  return types.length > 0 ? parseWith(eventTypeFilterSchema, types, "query parameter eventType") : undefined;
}

export function interchangeRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const auth = bearerAuth(deps);

  app.get("/v1/events:polling", auth, (c) => {
    const covered = coveredMerchants(c.get("token"));
    const named = (c.req.header("x-polling-merchants") ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean);
    if (named.some((m) => !covered.includes(m))) {
      return problem(c, 403, "x-polling-merchants names a merchant this token does not cover");
    }
    if (named.length > MAX_POLLING_MERCHANTS) {
      return problem(c, 400, `x-polling-merchants names at most ${MAX_POLLING_MERCHANTS} merchants`);
    }
    const types = eventTypeFilter(c.req.queries("eventType"));
    // Without the header: every merchant the token covers.
    const events = platform.poll(named.length > 0 ? named : covered, types);
    if (events.length === 0) return c.body(null, 204);
    const orders = orderUrl(c, deps.basePath, "");
    const body = events.map((e) => publicEvent(e, `${orders}${e.orderId}`));
    return c.json(deps.faults.current.duplicateEvents ? [...body, ...body] : body);
  });

  app.post("/v1/events/acknowledgment", auth, async (c) => {
    const items = parseWith(ackSchema, await readJson(c));
    platform.acknowledge(
      coveredMerchants(c.get("token")),
      items.map((i) => i.id),
    );
    return c.body(null, 202);
  });

  for (const path of ["/v1/orders/:orderId", "/orders/:orderId"]) {
    app.get(path, auth, (c) => {
      const record = platform.orderFor(c.req.param("orderId") ?? "", coveredMerchants(c.get("token")));
      const raw = deps.rawDetails.get(record.order.id);
      if (raw !== undefined) return c.body(raw, 200, { "content-type": "application/json" });
      return c.json(record.order);
    });
  }

  return app;
}
