import { Hono } from "hono";
import { z } from "zod";
import { verifyAdminApiToken, verifyStoreApiToken } from "../tokens";
import type { OrderRecord } from "../types";
import type { HttpDeps, SandboxEnv } from "./context";
import { parseWith } from "./problem";

// The admin and store API paths the platform document gives in full: the admin order list and
// the store's accepted card brands. Both answer the envelope {status: "success", data}.

const listQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});

function adminOrder(record: OrderRecord) {
  const { order } = record;
  return {
    id: order.id,
    displayId: order.displayId,
    status: record.status,
    type: order.type,
    orderTiming: order.orderTiming,
    createdAt: order.createdAt,
    lastEvent: order.lastEvent ?? null,
    customerName: order.customer?.name ?? null,
    total: order.total.orderAmount,
    schedule: order.schedule ?? null,
  };
}

export const ACCEPTED_BRANDS = [
  { id: 1, name: "Visa", encodedName: "visa" },
  { id: 2, name: "Mastercard", encodedName: "mastercard" },
  { id: 3, name: "Elo", encodedName: "elo" },
  { id: 4, name: "American Express", encodedName: "amex" },
  { id: 5, name: "Hipercard", encodedName: "hipercard" },
];

export function serviceRoutes(deps: HttpDeps) {
  const app = new Hono<SandboxEnv>();
  const { platform } = deps;

  // ?status=A&status=B (or A,B) · createdFrom (inclusive) · createdTo (exclusive) · offset · limit.
  app.get("/admin-api/v1/orders", (c) => {
    const caller = verifyAdminApiToken(platform, c.req.raw.headers);
    const query = parseWith(listQuery, c.req.query(), "query parameter");
    const statuses = (c.req.queries("status") ?? [])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean);
    const from = query.createdFrom ? Date.parse(query.createdFrom) : -Infinity;
    const to = query.createdTo ? Date.parse(query.createdTo) : Infinity;
    const matching = [...platform.state.orders.values()]
      .filter((r) => r.merchantId === caller.storeId)
      .filter((r) => statuses.length === 0 || statuses.includes(r.status))
      .filter((r) => {
        const at = Date.parse(r.order.createdAt);
        return at >= from && at < to;
      })
      .reverse();
    return c.json({
      status: "success",
      data: {
        orders: matching.slice(query.offset, query.offset + query.limit).map(adminOrder),
        pagination: { currentOffset: query.offset, limit: query.limit, totalItems: matching.length },
      },
    });
  });

  app.get("/store-api/v1/stores/creditcards/accepted-brands", (c) => {
    verifyStoreApiToken(platform, c.req.raw.headers);
    return c.json({ status: "success", data: { brands: ACCEPTED_BRANDS } });
  });

  return app;
}
