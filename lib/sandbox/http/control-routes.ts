import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../errors";
import { noFaults } from "../faults";
import { publicEvent } from "../public-event";
import { orderUrl, type HttpDeps, type SandboxEnv } from "./context";
import { controlSetupRoutes } from "./control-setup-routes";
import { parseWith, readJson } from "./problem";

// The control API drives the sandbox from tests and demos: place orders, ask for a customer
// cancellation, read what happened, reset (merchants, webhooks, faults and the clock are in
// control-setup-routes.ts). It has NO authentication on purpose — the sandbox is a local test
// double that holds no real data, and it is only mounted when no real platform is configured.

const newOrderSchema = z
  .object({
    // A chosen id (409 when this platform has it): two platforms' orders with one id, on purpose.
    orderId: z.uuid().optional(),
    merchantId: z.string().min(1).optional(),
    type: z.enum(["DELIVERY", "TAKEOUT", "INDOOR"]).optional(),
    orderTiming: z.enum(["INSTANT", "SCHEDULED"]).optional(),
    paymentMethod: z.enum(["CASH", "PIX", "CREDIT"]).optional(),
    // A delivery's courier: the store's own, or the platform's (whose orders carry a pickup code).
    deliveredBy: z.enum(["MERCHANT", "MARKETPLACE"]).optional(),
    // The window's start; preparation starts 50 min (delivery) or 30 min before it.
    scheduledFor: z.iso.datetime({ offset: true }).optional(),
    // Verbatim, control characters and lone surrogates included: how tests send "poison" text.
    customerName: z.string().max(10_000).optional(),
    // A fixed shape instead of random lines: items and options by their menu codes.
    items: z
      .array(
        z.object({
          code: z.string().min(1),
          quantity: z.number().int().min(1).max(99).optional(),
          options: z
            .array(z.object({ code: z.string().min(1), quantity: z.number().int().min(1).max(99).optional() }))
            .max(20)
            .optional(),
          specialInstructions: z.string().min(1).max(500).optional(),
        }),
      )
      .min(1)
      .max(50)
      .optional(),
    // The order's note (null: none); absent, the sandbox adds a random one now and then.
    extraInfo: z.string().min(1).max(2_000).nullable().optional(),
  })
  .refine((body) => !(body.scheduledFor && body.orderTiming === "INSTANT"), {
    error: "scheduledFor needs orderTiming SCHEDULED (or none)",
    path: ["scheduledFor"],
  })
  .nullish();

/** Orders whose details are answered verbatim at most (the oldest setting is dropped past it). */
const MAX_RAW_DETAILS = 1_000;

export function controlRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();

  app.post("/orders", async (c) => {
    const body = parseWith(newOrderSchema, await readJson(c)) ?? {};
    const { merchantId, ...options } = body;
    const record = platform.createOrder(merchantId, options);
    return c.json({ orderId: record.order.id }, 201);
  });

  // The customer asks to cancel: ORDER_CANCELLATION_REQUEST (404 unknown order; 422 when the
  // order is no longer open or a request is already pending).
  app.post("/orders/:orderId/customer-cancellation", (c) => {
    const event = platform.requestCustomerCancellation(c.req.param("orderId"));
    return c.json({ orderId: event.orderId, eventId: event.eventId, eventType: event.eventType }, 202);
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
      stage: record.stage,
      merchantId: record.merchantId,
      confirmation: record.confirmation ?? null,
      merchantCancellation: record.merchantCancellation ?? null,
      customerCancellation: record.customerCancellation ?? null,
      tracking: record.tracking ?? [],
      events: platform.eventsOf(record.order.id).map((e) => ({
        ...publicEvent(e, url),
        acknowledged: e.acknowledged,
        acknowledgedAt: e.acknowledgedAt ?? null,
      })),
    });
  });

  // The order's details are answered with exactly this text from now on (see HttpDeps.rawDetails).
  app.put("/orders/:orderId/raw-details", async (c) => {
    const record = platform.state.orders.get(c.req.param("orderId"));
    if (!record) throw notFound("Order not found");
    // A test double's memory: a runaway test cannot fill it.
    if (deps.rawDetails.size >= MAX_RAW_DETAILS && !deps.rawDetails.has(record.order.id))
      deps.rawDetails.delete(deps.rawDetails.keys().next().value ?? "");
    deps.rawDetails.set(record.order.id, await c.req.text());
    return c.body(null, 204);
  });
  app.delete("/orders/:orderId/raw-details", (c) => {
    deps.rawDetails.delete(c.req.param("orderId"));
    return c.body(null, 204);
  });

  app.get("/requests", (c) => c.json(deps.log.list({ orderId: c.req.query("orderId"), path: c.req.query("path") })));

  app.post("/reset", (c) => {
    platform.reset();
    deps.faults.current = noFaults();
    deps.fuzz.current = null;
    deps.rawDetails.clear();
    deps.log.clear();
    return c.json({ reset: true });
  });

  app.route("/", controlSetupRoutes(deps));
  return app;
}
