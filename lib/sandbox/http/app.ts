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

// The sandbox's HTTP surface. Interchange paths (/oauth, /v1, /orders) and the admin API pass
// through the request log (a test can see which token grants a client used); every path but
// /control passes through fault injection, so driving a test never shows up in what the test
// asserts about Comanda's calls, nor fails by accident.

const SERVICE_API = /^\/(admin-api|store-api)(\/|$)/;

export function buildApp(deps: HttpDeps): Hono<SandboxEnv> {
  const root = new Hono<SandboxEnv>();
  const app = deps.basePath ? root.basePath(deps.basePath) : root;

  for (const path of ["/oauth/*", "/v1/*", "/orders/*", "/admin-api/*"]) app.use(path, requestLogger(deps));
  for (const path of ["/oauth/*", "/v1/*", "/orders/*", "/admin-api/*", "/store-api/*"])
    app.use(path, faultInjection(deps));
  // After the faults, before the real routes: fuzz mode answers the interchange calls itself.
  for (const path of ["/v1/*", "/orders/*"]) app.use(path, fuzzMode(deps));

  app.route("/", discoveryRoutes(deps));
  app.route("/", oauthRoutes(deps));
  app.route("/", interchangeRoutes(deps));
  app.route("/", orderActionRoutes(deps));
  app.route("/", merchantRoutes(deps));
  app.route("/", serviceTokenRoutes(deps));
  app.route("/", serviceRoutes(deps));
  app.route("/store-api/v1", storeApiRoutes(deps));
  app.route("/control", merchantControlRoutes(deps));
  app.route("/control", controlRoutes(deps));
  app.route("/control", discoveryControlRoutes(deps));

  app.notFound((c) => problem(c, 404, "Not found"));
  // The admin and store APIs answer the platform's envelope; the interchange API problem+json.
  app.onError((error, c) => {
    const path = new URL(c.req.url).pathname.slice(deps.basePath.length);
    return problemFromError(c, error, SERVICE_API.test(path));
  });
  return app;
}
