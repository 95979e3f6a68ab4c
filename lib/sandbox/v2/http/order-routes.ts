import { Hono, type Context } from "hono";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { parseWith, readJson } from "../../http/problem";
import { checkDeliveryCode } from "../../delivery-code";
import { coveredMerchants } from "../../tokens";
import { requestCancellationV2 } from "../cancellation";
import { decide, type V2Action } from "../lifecycle";
import { toV2Order } from "../order-shape";
import { offersOfOrder } from "../stock";
import { v2StatusOf } from "../status";
import { v2Auth } from "./auth";
import { v2Error } from "./errors";
import { confirmSchema, readySchema, requestCancellationSchema, trackingSchema } from "./schemas";

// 2.0's order snapshot and operations (orders.openapi.yaml), scope od.orders: GET /v2/orders/{id}
// answers the 2.0 Order with its authoritative status; the lifecycle operations answer 202 —
// also when already applied (no new event) — and 409 {code: INVALID_ORDER_STATE_TRANSITION}
// when impossible (v2/lifecycle.ts). The order is looked up first (404, another merchant's order
// too), then the body (400 naming the field), then the lifecycle.

type Ctx = Context<SandboxEnv>;

export function v2OrderRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const auth = v2Auth(deps, "od.orders");
  const record = (c: Ctx) => platform.orderFor(c.req.param("orderId") ?? "", coveredMerchants(c.get("token")));
  const accepted = (c: Ctx) => c.body(null, 202);
  const post = (operation: string, handler: (c: Ctx) => Response | Promise<Response>) =>
    app.post(`/v2/orders/:orderId/${operation}`, auth, handler);

  /** Applies a lifecycle operation: its event, or nothing when already applied. */
  const apply = (c: Ctx, action: V2Action) => {
    const order = record(c);
    const cancelled = platform.eventsOf(order.order.id).some((e) => e.eventType === "CANCELLED");
    const event = decide(action, order.order.type, v2StatusOf(order), cancelled);
    return event ? platform.emit(order, event) : null;
  };

  app.get("/v2/orders/:orderId", auth, (c) => {
    const order = record(c);
    const raw = deps.rawDetails.get(order.order.id);
    if (raw !== undefined) return c.body(raw, 200, { "content-type": "application/json" });
    return c.json(
      toV2Order(order, offersOfOrder(platform.state.merchant(order.merchantId), platform.state.platformKey)),
    );
  });

  post("confirm", async (c) => {
    const order = record(c);
    const body = parseWith(confirmSchema, await readJson(c)) ?? {};
    const event = apply(c, "confirm");
    if (event) {
      order.confirmation = { at: event.createdAt, clientId: c.get("token").clientId };
      if (body.estimatedPreparationTimeMinutes !== undefined)
        order.confirmation.preparationTime = body.estimatedPreparationTimeMinutes;
      platform.touch();
    }
    return accepted(c);
  });

  post("preparing", (c) => {
    apply(c, "preparing");
    return accepted(c);
  });

  post("ready-for-pickup", async (c) => {
    const order = record(c);
    const body = parseWith(readySchema, await readJson(c)) ?? {};
    if (apply(c, "readyForPickup") && body.pickupCode && order.order.takeout) {
      order.order.takeout.pickupCode = body.pickupCode;
      platform.touch();
    }
    return accepted(c);
  });

  post("dispatch", (c) => {
    apply(c, "dispatch");
    return accepted(c);
  });

  post("delivered", (c) => {
    apply(c, "delivered");
    return accepted(c);
  });

  // Merchant-run delivery's tracking: stored (GET /control/orders/{id}), no event, no status change.
  post("tracking", async (c) => {
    const order = record(c);
    const body = parseWith(trackingSchema, await readJson(c));
    if (order.order.type !== "DELIVERY") return v2Error(c, 422, "Tracking applies to DELIVERY orders only");
    platform.recordTracking(order, body.deliveryTrackingInfo);
    return accepted(c);
  });

  // Synchronous and eventless: 200 DeliveryConfirmationCode when the code is the order's (the
  // platform courier's pickup code), 400 saying why when it is not or there is none to check.
  post("validateCode", (c) => {
    const check = checkDeliveryCode(record(c), c.req.query("deliveryCode"));
    return check.ok ? c.json(check.answer) : v2Error(c, 400, check.message, check.code);
  });

  post("requestCancellation", async (c) => {
    const order = record(c);
    const body = parseWith(requestCancellationSchema, await readJson(c));
    requestCancellationV2(platform.emit, order, c.get("token").clientId, body, platform.now().toISOString());
    return accepted(c);
  });

  return app;
}
