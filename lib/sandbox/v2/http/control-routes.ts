import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../../errors";
import { controlsOf } from "../../merchant/controls";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { parseWith, readJson } from "../../http/problem";
import { invalidTransition } from "../lifecycle";
import { COURIER_FACTS, courierFact, type CourierFact } from "../logistics";
import { toV2Order } from "../order-shape";
import { offersOfOrder } from "../stock";
import { grantedScopes, SCOPES } from "../scopes";
import { setV2Status, V2_STATUSES, v2StatusOf } from "../status";

// Control calls of a 2.0 platform (no authentication, like the rest of /control):
// PUT /control/orders/{id}/status {status} changes the platform's status WITHOUT an event (what a
// lost event looks like to a client: only GET /v2/orders/{id} tells), POST /control/orders/{id}/
// courier {fact} a platform courier's fact (v2/logistics.ts), POST /control/orders/{id}/conclude
// the originator's CONCLUDED, GET /control/orders/{id}/v2 the order as 2.0 answers it,
// PUT /control/integrators/{clientId}/scopes {scopes} what an application credential is granted,
// PUT /control/merchants/{id}/catalogue-processing {processing} a catalogue update held processing.

const processingSchema = z.strictObject({ processing: z.boolean() });
const scopesSchema = z.strictObject({ scopes: z.array(z.enum(SCOPES)).max(SCOPES.length) });
const statusSchema = z.strictObject({ status: z.enum(V2_STATUSES) });
const courierSchema = z.strictObject({
  fact: z.enum(Object.keys(COURIER_FACTS) as [CourierFact, ...CourierFact[]]),
  courier: z.strictObject({ id: z.string().min(1).max(100), name: z.string().min(1).max(200) }).optional(),
});

export function v2ControlRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const recordOf = (orderId: string) => {
    const record = platform.state.orders.get(orderId);
    if (!record) throw notFound("Order not found");
    return record;
  };

  app.get("/orders/:orderId/v2", (c) => {
    const record = recordOf(c.req.param("orderId"));
    return c.json(
      toV2Order(record, offersOfOrder(platform.state.merchant(record.merchantId), platform.state.platformKey)),
    );
  });

  app.put("/orders/:orderId/status", async (c) => {
    const record = recordOf(c.req.param("orderId"));
    const { status } = parseWith(statusSchema, await readJson(c));
    setV2Status(record, status);
    platform.touch();
    return c.json({ orderId: record.order.id, status });
  });

  app.post("/orders/:orderId/courier", async (c) => {
    const record = recordOf(c.req.param("orderId"));
    const body = parseWith(courierSchema, await readJson(c));
    const event = courierFact(platform, record, body.fact, body.courier);
    return c.json({ orderId: record.order.id, eventId: event.eventId, eventType: event.eventType }, 202);
  });

  app.post("/orders/:orderId/conclude", (c) => {
    const record = recordOf(c.req.param("orderId"));
    const status = v2StatusOf(record);
    if (status !== "DELIVERED" && status !== "CANCELLED")
      throw invalidTransition(`Only a DELIVERED or CANCELLED order concludes, not one in ${status} status`);
    const event = platform.emit(record, "CONCLUDED");
    return c.json({ orderId: record.order.id, eventId: event.eventId, eventType: event.eventType }, 202);
  });

  // Holds (or releases) the merchant's last catalogue update "still processing": merchantStatus
  // says PROCESSING and a snapshot PUT is 409 meanwhile (merchant.openapi.yaml's getMerchantStatus).
  app.put("/merchants/:merchantId/catalogue-processing", async (c) => {
    const merchant = platform.state.merchant(c.req.param("merchantId"));
    if (!merchant) throw notFound("Merchant not found");
    const { processing } = parseWith(processingSchema, await readJson(c), "body");
    controlsOf(merchant).catalogueProcessing = processing;
    return c.json({ processing });
  });

  app.get("/integrators/:clientId/scopes", (c) => {
    const integrator = platform.state.integrators.find((i) => i.clientId === c.req.param("clientId"));
    if (!integrator) throw notFound("Integrator not found");
    return c.json({ clientId: integrator.clientId, scopes: grantedScopes(integrator) });
  });

  app.put("/integrators/:clientId/scopes", async (c) => {
    const integrator = platform.state.integrators.find((i) => i.clientId === c.req.param("clientId"));
    if (!integrator) throw notFound("Integrator not found");
    integrator.scopes = [...new Set(parseWith(scopesSchema, await readJson(c)).scopes)];
    platform.touch();
    return c.json({ clientId: integrator.clientId, scopes: integrator.scopes });
  });

  return app;
}
