import { Hono } from "hono";
import { z } from "zod";
import { feeCents, ruleOf, zoneFor } from "../delivery";
import { unprocessable } from "../errors";
import { addressFromInput } from "../fulfillment";
import { centsOf, money } from "../money";
import { addressInputSchema, moneySchema } from "../order-schemas";
import type { SavedAddress } from "../state";
import { body, customerOf, ok, parse, type StoreEnv } from "./envelope";

// The customer's addresses: operations 1–4, 25 and 26.

const addressId = z.coerce.number().int().positive();

export const addressShape = (a: SavedAddress) => ({ id: a.id, ...a.address });
const customerAddress = (a: SavedAddress) => ({ address: addressShape(a), description: a.description });

export function addressRoutes() {
  const app = new Hono<StoreEnv>();

  app.get("/customers/me/addresses", (c) => {
    const { customerId } = customerOf(c);
    return ok(c, {
      customerAddresses: c.var.domain.addressesOf(c.var.caller.merchantId, customerId).map(customerAddress),
    });
  });

  app.get("/customers/me/addresses/viable", (c) => {
    const { customerId } = customerOf(c);
    const { scheduling } = parse(
      z.object({ scheduling: z.iso.datetime({ offset: true }).optional() }),
      c.req.query(),
      "query.",
    );
    const at = scheduling ? new Date(scheduling) : c.var.domain.now();
    const viable = c.var.domain
      .addressesOf(c.var.caller.merchantId, customerId)
      .filter((a) => zoneFor(c.var.store, { lat: a.address.lat, lng: a.address.lng, zipcode: a.address.zipcode }, at));
    return ok(c, { viableAddresses: viable.map(customerAddress) });
  });

  app.get("/customers/me/addresses/:id", (c) => {
    const { customerId } = customerOf(c);
    const id = parse(addressId, c.req.param("id"), "id");
    return ok(c, addressShape(c.var.domain.addressOf(c.var.caller.merchantId, customerId, id)));
  });

  app.post("/customers/me/addresses", async (c) => {
    const { customerId } = customerOf(c);
    const input = parse(addressInputSchema.extend({ description: z.string().max(40).nullish() }), await body(c));
    const saved = c.var.domain.saveAddress(
      c.var.caller.merchantId,
      customerId,
      addressFromInput(input),
      input.description ?? null,
    );
    return ok(c, addressShape(saved), 201);
  });

  app.put("/customers/me/addresses/:addressId/description", async (c) => {
    const { customerId } = customerOf(c);
    const id = parse(addressId, c.req.param("addressId"), "addressId");
    const input = parse(z.object({ description: z.string().trim().max(40).nullable() }), await body(c));
    const saved = c.var.domain.addressOf(c.var.caller.merchantId, customerId, id);
    saved.description = input.description || null;
    return ok(c, customerAddress(saved));
  });

  app.post("/customers/me/addresses/:addressId/delivery-fee", async (c) => {
    const { customerId } = customerOf(c);
    const id = parse(addressId, c.req.param("addressId"), "addressId");
    const input = parse(
      z.object({ subtotal: moneySchema, scheduling: z.iso.datetime({ offset: true }).nullish() }),
      await body(c),
    );
    const saved = c.var.domain.addressOf(c.var.caller.merchantId, customerId, id);
    const at = input.scheduling ? new Date(input.scheduling) : c.var.domain.now();
    const zone = zoneFor(
      c.var.store,
      { lat: saved.address.lat, lng: saved.address.lng, zipcode: saved.address.zipcode },
      at,
    );
    if (!zone) throw unprocessable("outside_delivery_area", `addressId: address ${id} is outside the delivery areas`);
    return ok(c, { expectedDeliveryFee: money(feeCents(ruleOf(zone), centsOf(input.subtotal), at)) });
  });

  return app;
}
