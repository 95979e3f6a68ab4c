import { Hono } from "hono";
import { z } from "zod";
import { priceCart } from "../cart";
import { notFoundError } from "../errors";
import { createStoreOrder } from "../order-create";
import { cartCheckSchema, orderCreateSchema } from "../order-schemas";
import { storeOrderShape } from "../order-shape";
import { orderTimes } from "../scheduling";
import { body, customerOf, ok, parse, type StoreEnv } from "./envelope";

// Orders: operations 37–40. Creating one prices it on the server and queues its CREATED event
// on the interchange API; list and get show the logged-in customer's orders, newest first.

export const MAX_ORDERS_LIMIT = 30;
export const DEFAULT_ORDERS_LIMIT = 5;

const listQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_ORDERS_LIMIT).default(DEFAULT_ORDERS_LIMIT),
});

export function orderRoutes() {
  const app = new Hono<StoreEnv>();

  app.post("/orders", async (c) => {
    const input = parse(orderCreateSchema, await body(c));
    const order = createStoreOrder(c.var.domain, c.var.store, c.var.caller, input);
    return ok(c, storeOrderShape(c.var.domain, c.var.store, order), 201);
  });

  app.post("/orders/cart-check", async (c) => {
    const input = parse(cartCheckSchema, await body(c));
    const { at } = orderTimes(c.var.store, input.scheduling ?? null, input.orderType, c.var.domain.now());
    priceCart(c.var.store, input, at);
    return ok(c);
  });

  app.get("/customers/me/orders", (c) => {
    const { customerId } = customerOf(c);
    const { offset, limit } = parse(listQuery, c.req.query(), "query.");
    const mine = c.var.domain.ordersOf(c.var.caller.merchantId, { customerId }).slice().reverse();
    return ok(c, {
      orders: mine.slice(offset, offset + limit).map((o) => storeOrderShape(c.var.domain, c.var.store, o)),
      pagination: { currentOffset: offset, limit, totalItems: mine.length },
    });
  });

  app.get("/customers/me/orders/:id", (c) => {
    const { customerId } = customerOf(c);
    const id = parse(z.coerce.number().int().positive(), c.req.param("id"), "id");
    const order = c.var.domain.ordersOf(c.var.caller.merchantId, { customerId }).find((o) => o.id === id);
    if (!order) throw notFoundError(`Order ${id}`);
    return ok(c, storeOrderShape(c.var.domain, c.var.store, order));
  });

  return app;
}
