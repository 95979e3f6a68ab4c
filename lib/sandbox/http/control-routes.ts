import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../errors";
import { applyFaults, faultsPatchSchema, noFaults } from "../faults";
import { orderUrl, publicEvent, type HttpDeps, type SandboxEnv } from "./context";
import { parseWith, readJson } from "./problem";

// The control API drives the sandbox from tests and demos: list merchants and their
// credentials, place orders, read what happened, inject faults, reset. It has NO
// authentication on purpose — the sandbox is a local test double that holds no real data, and
// it is only mounted when no real platform is configured.

const newOrderSchema = z
  .object({
    merchantId: z.string().min(1).optional(),
    type: z.enum(["DELIVERY", "TAKEOUT", "INDOOR"]).optional(),
    orderTiming: z.enum(["INSTANT", "SCHEDULED"]).optional(),
    paymentMethod: z.enum(["CASH", "PIX", "CREDIT"]).optional(),
  })
  .nullish();

export function controlRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();

  app.get("/merchants", (c) =>
    c.json(
      platform.state.merchants.map((m) => ({
        merchantId: m.merchantId,
        name: m.name,
        serviceId: m.serviceId,
        interchange: { clientId: m.interchange.clientId, clientSecret: m.interchange.clientSecret },
      })),
    ),
  );

  app.post("/orders", async (c) => {
    const body = parseWith(newOrderSchema, await readJson(c)) ?? {};
    const { merchantId, ...options } = body;
    const record = platform.createOrder(merchantId, options);
    return c.json({ orderId: record.order.id }, 201);
  });

  app.get("/orders", (c) =>
    c.json(
      [...platform.state.orders.values()].map((r) => ({
        orderId: r.order.id,
        merchantId: r.merchantId,
        displayId: r.order.displayId,
        type: r.order.type,
        orderTiming: r.order.orderTiming,
        status: r.status,
        createdAt: r.order.createdAt,
      })),
    ),
  );

  app.get("/orders/:orderId", (c) => {
    const record = platform.state.orders.get(c.req.param("orderId"));
    if (!record) throw notFound("Order not found");
    const url = orderUrl(c, deps.basePath, record.order.id);
    return c.json({
      order: record.order,
      status: record.status,
      merchantId: record.merchantId,
      confirmation: record.confirmation ?? null,
      events: platform.eventsOf(record.order.id).map((e) => ({
        ...publicEvent(e, url),
        acknowledged: e.acknowledged,
        acknowledgedAt: e.acknowledgedAt ?? null,
      })),
    });
  });

  app.get("/requests", (c) =>
    c.json(deps.log.list({ orderId: c.req.query("orderId"), path: c.req.query("path") })),
  );

  app.get("/faults", (c) => c.json(deps.faults.current));

  app.post("/faults", async (c) => {
    const patch = parseWith(faultsPatchSchema, (await readJson(c)) ?? {});
    deps.faults.current = applyFaults(deps.faults.current, patch);
    return c.json(deps.faults.current);
  });

  app.post("/reset", (c) => {
    platform.reset();
    deps.faults.current = noFaults();
    deps.log.clear();
    return c.json({ reset: true });
  });

  return app;
}
