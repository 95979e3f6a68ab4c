import { Hono } from "hono";
import { discoverySwitchSchema, faithfulDiscovery, OPERATIONS, UNSUPPORTED } from "../discovery-switch";
import type { HttpDeps, SandboxEnv } from "./context";
import { parseWith, problem, readJson } from "./problem";
import { v2Manifest } from "../v2/manifest";

// The platform's Open Delivery discovery manifest (GET {base}/.well-known/opendelivery, public),
// as discovery.openapi.yaml (2.0 rc.2) lays it out, declaring what this sandbox does: a 1.x
// platform (1.3 with the 1.5 and 1.7 additions) that emits order events by webhook and polling
// and takes the lifecycle operations it serves under /v1/orders/{id}/… . It validates no delivery
// code, patches no order and concludes none: declared unsupported.
//
// PUT /control/discovery switches what it answers, for tests of a consumer's bad input: missing
// (404), invalid (not a manifest), an unknown version only, or some operations left undeclared.
// DELETE /control/discovery puts the faithful manifest back.

export function discoveryRoutes(deps: HttpDeps) {
  const app = new Hono<SandboxEnv>();
  app.get("/.well-known/opendelivery", (c) => {
    const { mode, omitOperations, catalogSyncModel } = deps.discovery.current;
    if (mode === "missing") return problem(c, 404, "No discovery manifest is published here");
    if (mode === "invalid") return c.json({ appId: "not-a-uuid", openDelivery: { supportedVersions: [] } });
    const omitted = new Set<string>(omitOperations);
    if (deps.platform.dialect === "2.0")
      return c.json(
        v2Manifest(deps.platform.identity.sourceAppId, omitted, mode === "unknownVersion", catalogSyncModel),
        200,
        {
          "cache-control": "public, max-age=300",
        },
      );
    const manifest = {
      appId: deps.platform.identity.sourceAppId,
      openDelivery:
        mode === "unknownVersion"
          ? { currentVersion: "3.0", supportedVersions: ["3.0"] }
          : { currentVersion: "1.7", supportedVersions: ["1.7", "1.5", "1.3"] },
      discovery: { version: "1.0.0" },
      authentication: { supportedGrantTypes: ["client_credentials"], clientIdGeneration: ["by_app"] },
      capabilities: {
        orders: {
          version: "1.0.0",
          supported: true,
          originator: {
            supported: true,
            // The 1.x events it emits that have a 2.0 name; CONCLUDED is ORDER_COMPLETED.
            supportedEvents: [
              "ORDER_CREATED",
              "ORDER_CONFIRMED",
              "ORDER_DISPATCHED",
              "ORDER_CANCELLED",
              "ORDER_COMPLETED",
            ],
            unsupportedEvents: [],
            supportsWebhook: true,
            supportsPolling: true,
          },
          receiver: {
            supported: true,
            supportedOperations: OPERATIONS.filter((operation) => !omitted.has(operation)),
            unsupportedOperations: [...UNSUPPORTED, ...omitted],
            supportsWebhook: false,
            supportsPolling: true,
          },
        },
        merchant: {
          version: "1.0.0",
          supported: true,
          supportsPartialUpdate: true,
          supportsFullGetByOriginator: false,
        },
      },
    };
    return c.json(manifest, 200, { "cache-control": "public, max-age=300" });
  });
  return app;
}

export function discoveryControlRoutes(deps: HttpDeps) {
  const app = new Hono<SandboxEnv>();
  app.get("/discovery", (c) => c.json(deps.discovery.current));
  app.put("/discovery", async (c) => {
    deps.discovery.current = parseWith(discoverySwitchSchema, (await readJson(c)) ?? {});
    return c.json(deps.discovery.current);
  });
  app.delete("/discovery", (c) => {
    deps.discovery.current = faithfulDiscovery();
    return c.body(null, 204);
  });
  return app;
}
