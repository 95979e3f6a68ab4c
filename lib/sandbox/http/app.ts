import { Hono } from "hono";
import type { HttpDeps, SandboxEnv } from "./context";
import { controlRoutes } from "./control-routes";
import { interchangeRoutes } from "./interchange-routes";
import { latency, requestLogger } from "./middleware";
import { oauthRoutes } from "./oauth-routes";
import { problem, problemFromError } from "./problem";

// The sandbox's HTTP surface. Interchange paths (/oauth, /v1, /orders) pass through the request
// log and the latency fault; /control does not, so driving a test never shows up in what the
// test asserts about Comanda's calls.

export function buildApp(deps: HttpDeps): Hono<SandboxEnv> {
  const root = new Hono<SandboxEnv>();
  const app = deps.basePath ? root.basePath(deps.basePath) : root;

  for (const path of ["/oauth/*", "/v1/*", "/orders/*"]) {
    app.use(path, requestLogger(deps), latency(deps));
  }
  app.route("/", oauthRoutes(deps));
  app.route("/", interchangeRoutes(deps));
  app.route("/control", controlRoutes(deps));

  app.notFound((c) => problem(c, 404, "Not found"));
  app.onError((error, c) => problemFromError(c, error));
  return app;
}
