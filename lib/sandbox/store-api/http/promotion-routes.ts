import { Hono } from "hono";
import { z } from "zod";
import { vouchers } from "../../catalog";
import type { VoucherDef } from "../../catalog/types";
import { priceCart } from "../cart";
import { notFoundError } from "../errors";
import { orderItemSchema } from "../order-schemas";
import {
  findVoucher,
  loyaltyBalance,
  loyaltyProgramShape,
  referralOfferShape,
  rewardsShape,
  voucherCheckShape,
  voucherProblem,
  voucherShape,
  type VoucherContext,
} from "../promotions";
import { body, customerOf, maybeCustomer, ok, parse, type StoreContext, type StoreEnv } from "./envelope";

// Loyalty, referral and vouchers: operations 29–36.

const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const voucherQuery = z.object({
  subtotal: z.coerce.number().min(0).optional(),
  schedule: z.iso.datetime({ offset: true }).optional(),
  isDelivery: bool.optional(),
});

function usesOf(c: StoreContext, v: VoucherDef): number {
  const who = c.var.caller.customerId ?? maybeCustomer(c)?.telephone ?? "";
  return c.var.domain.voucherUses.get(`${c.var.caller.merchantId}:${v.id}:${who}`) ?? 0;
}

function voucherContext(c: StoreContext, query: z.infer<typeof voucherQuery>, v: VoucherDef): VoucherContext {
  const profile = maybeCustomer(c);
  const previous = profile ? c.var.domain.ordersOf(c.var.caller.merchantId, { customerId: profile.id }).length : 0;
  return {
    store: c.var.store,
    at: query.schedule ? new Date(query.schedule) : c.var.domain.now(),
    previousOrders: previous,
    uses: usesOf(c, v),
    ...(query.subtotal !== undefined ? { subtotalCents: Math.round(query.subtotal * 100) } : {}),
    ...(query.isDelivery !== undefined ? { isDelivery: query.isDelivery } : {}),
    ...(profile ? { profile } : {}),
  };
}

const visibleTo = (v: VoucherDef, c: StoreContext) =>
  !v.isIndividual || (maybeCustomer(c)?.individualVoucherIds.includes(v.id) ?? false);

export function promotionRoutes() {
  const app = new Hono<StoreEnv>();

  app.get("/loyalty/program", (c) => ok(c, loyaltyProgramShape(c.var.domain.now())));

  app.get("/customers/me/loyalty/balance", (c) => {
    const { profile } = customerOf(c);
    const { daysToExpirePoints } = parse(
      z.object({ daysToExpirePoints: z.coerce.number().int().min(0).optional() }),
      c.req.query(),
      "query.",
    );
    return ok(c, loyaltyBalance(c.var.domain, profile, daysToExpirePoints));
  });

  app.get("/referral/offer", (c) => ok(c, referralOfferShape(maybeCustomer(c))));

  app.get("/promotions/rewards", (c) => ok(c, { rewards: rewardsShape(c.var.domain, maybeCustomer(c)) }));

  app.get("/customers/me/vouchers/status", (c) => {
    const { profile } = customerOf(c);
    const voucher = vouchers.find((v) => profile.individualVoucherIds.includes(v.id));
    if (!voucher) throw notFoundError("Personal voucher");
    const problem = voucherProblem(voucher, voucherContext(c, {}, voucher));
    const status = problem === null ? "AVAILABLE" : usesOf(c, voucher) > 0 ? "USED" : "UNAVAILABLE";
    return ok(c, { status, voucher: voucherShape(voucher, usesOf(c, voucher)) });
  });

  app.get("/vouchers", (c) => {
    const query = parse(voucherQuery, c.req.query(), "query.");
    const itemIds = [...(c.req.queries("items[]") ?? []), ...(c.req.queries("items") ?? [])]
      .flatMap((s) => s.split(","))
      .filter(Boolean);
    const ids = parse(z.array(z.coerce.number().int().positive()), itemIds, "query.items[]");
    const list = vouchers
      .filter((v) => v.storeIds.includes(c.var.store.id) && v.active && visibleTo(v, c))
      .map((v) =>
        voucherCheckShape(
          v,
          voucherProblem(v, { ...voucherContext(c, query, v), ...(ids.length ? { itemIds: ids } : {}) }),
        ),
      );
    return ok(c, { vouchers: list });
  });

  app.post("/vouchers/validate", async (c) => {
    const query = parse(voucherQuery.extend({ code: z.string().trim().min(1) }), c.req.query(), "query.");
    const items = parse(z.array(orderItemSchema).default([]), (await body(c)) ?? []);
    const voucher = findVoucher(query.code);
    if (!voucher || !visibleTo(voucher, c)) throw notFoundError(`Voucher ${query.code}`);
    const ctx = voucherContext(c, query, voucher);
    if (items.length > 0) {
      const cart = priceCart(c.var.store, { items, pizzaItems: [] }, ctx.at);
      ctx.lines = cart.lines;
      ctx.subtotalCents ??= cart.subtotalCents;
    }
    return ok(c, voucherCheckShape(voucher, voucherProblem(voucher, ctx)));
  });

  app.get("/vouchers/:id", (c) => {
    const id = parse(z.coerce.number().int().positive(), c.req.param("id"), "id");
    const voucher = vouchers.find((v) => v.id === id && v.storeIds.includes(c.var.store.id));
    if (!voucher || !visibleTo(voucher, c)) throw notFoundError(`Voucher ${id}`);
    return ok(c, voucherShape(voucher, usesOf(c, voucher)));
  });

  return app;
}
