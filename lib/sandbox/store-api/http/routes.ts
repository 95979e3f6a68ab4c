import { Hono } from "hono";
import type { HttpDeps } from "../../http/context";
import { errorEnvelope } from "../../http/problem";
import { addressRoutes } from "./address-routes";
import { catalogRoutes } from "./catalog-routes";
import { customerRoutes } from "./customer-routes";
import { deliveryRoutes } from "./delivery-routes";
import { storeAuth, storeError, type StoreEnv } from "./envelope";
import { orderRoutes } from "./order-routes";
import { promotionRoutes } from "./promotion-routes";

// The store API (/store-api/v1/...): the 43 operations of the platform document's section 4.2.
// Every call needs X-Service-ID, X-Service-Client-Id and a store-API bearer token of that store.

export function storeApiRoutes(deps: HttpDeps) {
  const app = new Hono<StoreEnv>();
  app.use("*", storeAuth(deps));
  for (const routes of [
    catalogRoutes(),
    customerRoutes(),
    addressRoutes(),
    deliveryRoutes(),
    promotionRoutes(),
    orderRoutes(),
  ]) {
    app.route("/", routes);
  }
  app.all("*", (c) =>
    errorEnvelope(c, 404, "not_found", `No store API operation ${c.req.method} ${new URL(c.req.url).pathname}`),
  );
  app.onError((error, c) => storeError(c, error));
  return app;
}
