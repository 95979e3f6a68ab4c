import { Hono, type Context } from "hono";
import type { MerchantAction } from "../lifecycle";
import {
  confirmSchema,
  denyCancellationSchema,
  dispatchSchema,
  requestCancellationSchema,
  trackingSchema,
} from "./action-schemas";
import type { HttpDeps, SandboxEnv } from "./context";
import { checkDeliveryCode } from "../delivery-code";
import { coveredMerchants } from "../tokens";
import { bearerAuth } from "./middleware";
import { parseWith, problem, readJson } from "./problem";

// The standard's order actions: 202 each, 204 for accept/deny cancellation. The order is looked
// up first (404), then the body parsed (400 naming the field), then the lifecycle consulted (422).

type Ctx = Context<SandboxEnv>;

export function orderActionRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const auth = bearerAuth(deps);
  const post = (action: string, handler: (c: Ctx) => Response | Promise<Response>) =>
    app.post(`/v1/orders/:orderId/${action}`, auth, handler);

  const record = (c: Ctx) => platform.orderFor(c.req.param("orderId") ?? "", coveredMerchants(c.get("token")));
  const accepted = (c: Ctx) => c.body(null, 202);

  post("confirm", async (c) => {
    const order = record(c);
    const body = parseWith(confirmSchema, await readJson(c)) ?? {};
    platform.confirm(order, c.get("token").clientId, body);
    return accepted(c);
  });

  const bodiless: MerchantAction[] = ["preparing", "readyForPickup", "delivered", "pickedUp"];
  for (const action of bodiless) {
    post(action, (c) => {
      platform.perform(action, record(c));
      return accepted(c);
    });
  }

  post("dispatch", async (c) => {
    const order = record(c);
    const body = parseWith(dispatchSchema, await readJson(c));
    platform.perform("dispatch", order);
    if (body?.deliveryTrackingInfo) platform.recordTracking(order, body.deliveryTrackingInfo);
    return accepted(c);
  });

  // 1.7's validateCode: the code in the query (deliveryCode), answered synchronously and with no
  // event: 200 with the DeliveryConfirmationCode when it is the order's delivery.pickupCode, 400
  // whose title says why when it is not (or the order has none to check).
  post("validateCode", (c) => {
    const check = checkDeliveryCode(record(c), c.req.query("deliveryCode"));
    return check.ok ? c.json(check.answer) : problem(c, 400, check.message);
  });

  post("tracking", async (c) => {
    const order = record(c);
    const body = parseWith(trackingSchema, (await readJson(c)) ?? {});
    platform.perform("tracking", order);
    platform.recordTracking(order, body.deliveryTrackingInfo);
    return accepted(c);
  });

  post("requestCancellation", async (c) => {
    const order = record(c);
    const body = parseWith(requestCancellationSchema, (await readJson(c)) ?? {});
    platform.requestCancellation(order, c.get("token").clientId, body);
    return accepted(c);
  });

  post("acceptCancellation", (c) => {
    platform.acceptCancellation(record(c), c.get("token").clientId);
    return c.body(null, 204);
  });

  post("denyCancellation", async (c) => {
    const order = record(c);
    const body = parseWith(denyCancellationSchema, (await readJson(c)) ?? {});
    platform.denyCancellation(order, c.get("token").clientId, body);
    return c.body(null, 204);
  });

  return app;
}
