import { Hono } from "hono";
import type { HttpDeps, SandboxEnv } from "./context";
import { controlRoutes } from "./control-routes";
import { discoveryControlRoutes, discoveryRoutes } from "./discovery-routes";
import { faultInjection } from "./fault-middleware";
import { fuzzMode } from "./fuzz-mode";
import { interchangeRoutes } from "./interchange-routes";
import { merchantControlRoutes, merchantRoutes } from "./merchant-routes";
import { requestLogger } from "./middleware";
import { oauthRoutes } from "./oauth-routes";
import { orderActionRoutes } from "./order-action-routes";
import { problem, problemFromError } from "./problem";
import { serviceRoutes } from "./service-routes";
import { serviceTokenRoutes } from "./service-token-routes";
import { storeApiRoutes } from "../store-api/http/routes";
import { v2ControlRoutes } from "../v2/http/control-routes";
import { isV2Path, v2Error, v2ErrorFromError } from "../v2/http/errors";
import { v2EventRoutes } from "../v2/http/event-routes";
import { v2MerchantRoutes } from "../v2/http/merchant-routes";
import { v2CatalogueRoutes } from "../v2/http/catalogue-routes";
import { v2OauthRoutes } from "../v2/http/oauth-routes";
import { v2OrderRoutes } from "../v2/http/order-routes";

// The sandbox's HTTP surface. Interchange paths (/oauth, /v1, /orders) and the admin API pass
// through the request log (a test can see which token grants a client used); every path but
// /control passes through fault injection, so driving a test never shows up in what the test
// asserts about Comanda's calls, nor fails by accident. A 2.0 platform serves 2.0's token,
// events, orders and merchants routes (/oauth/token, /v2/…) instead of 1.x's (v2/http/), and
// answers their errors in 2.0's `{code, message}`.

const SERVICE_API = /^\/(admin-api|store-api)(\/|$)/;

export function buildApp(deps: HttpDeps): Hono<SandboxEnv> {
  const root = new Hono<SandboxEnv>();
  const app = deps.basePath ? root.basePath(deps.basePath) : root;

  const v2 = deps.platform.dialect === "2.0";
  for (const path of ["/oauth/*", "/v1/*", "/orders/*", "/admin-api/*", "/v2/*"]) app.use(path, requestLogger(deps));
  // The manifest too: a platform that does not answer it yet (starting, overloaded) is a real case.
  for (const path of ["/.well-known/*", "/oauth/*", "/v1/*", "/orders/*", "/admin-api/*", "/store-api/*", "/v2/*"])
    app.use(path, faultInjection(deps));
  // After the faults, before the real routes: fuzz mode answers the interchange calls itself.
  for (const path of ["/v1/*", "/orders/*"]) app.use(path, fuzzMode(deps));

  app.route("/", discoveryRoutes(deps));
  if (v2) {
    app.route("/", v2OauthRoutes(deps));
    app.route("/", v2EventRoutes(deps));
    app.route("/", v2OrderRoutes(deps));
    app.route("/", v2MerchantRoutes(deps));
    app.route("/", v2CatalogueRoutes(deps));
    app.route("/control", v2ControlRoutes(deps));
  } else {
    app.route("/", oauthRoutes(deps));
    app.route("/", interchangeRoutes(deps));
    app.route("/", orderActionRoutes(deps));
  }
  app.route("/", merchantRoutes(deps));
  app.route("/", serviceTokenRoutes(deps));
  app.route("/", serviceRoutes(deps));
  app.route("/store-api/v1", storeApiRoutes(deps));
  app.route("/control", merchantControlRoutes(deps));
  app.route("/control", controlRoutes(deps));
  app.route("/control", discoveryControlRoutes(deps));

  const pathOf = (url: string) => new URL(url).pathname.slice(deps.basePath.length);
  app.notFound((c) =>
    v2 && isV2Path(pathOf(c.req.url)) ? v2Error(c, 404, "Not found") : problem(c, 404, "Not found"),
  );
  // The admin and store APIs answer the platform's envelope; the interchange API problem+json.
  app.onError((error, c) => {
    const path = pathOf(c.req.url);
    if (v2 && isV2Path(path)) return v2ErrorFromError(c, error);
    return problemFromError(c, error, SERVICE_API.test(path));
  });
  return app;
}
