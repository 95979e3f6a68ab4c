import { Hono } from "hono";
import { z } from "zod";
import { deliveryAreaShape, ruleOf, ruleShape, specificLocationShape, zoneFor } from "../delivery";
import { StoreApiError, unprocessable } from "../errors";
import { addressFromInput } from "../fulfillment";
import { geolocate } from "../geocode";
import { deliveryFulfillment, moneySchema, type AddressInput } from "../order-schemas";
import { body, ok, parse, type StoreEnv } from "./envelope";

// Delivery areas, specific locations, the fee rule for a fulfillment and geolocation:
// operations 23, 24, 27 and 28.

const feeRuleSchema = z.object({
  fulfillment: z.discriminatedUnion("type", [deliveryFulfillment, z.object({ type: z.literal("TAKEOUT") })]),
  scheduling: z.iso.datetime({ offset: true }).nullish(),
  orderSubtotal: moneySchema,
});

const geoSchema = z.object({
  street: z.string().trim().min(1),
  number: z.string().trim().min(1),
  zipcode: z.string().regex(/^\d{5}-?\d{3}$/, { error: "must be a CEP (8 digits)" }),
  neighborhood: z.string().trim().min(1),
  city: z.string().trim().min(1),
  state: z.string().trim().length(2),
});

export function deliveryRoutes() {
  const app = new Hono<StoreEnv>();

  app.get("/delivery/areas", (c) => ok(c, { deliveryAreas: c.var.store.deliveryAreas.map(deliveryAreaShape) }));

  app.get("/delivery/specific-locations", (c) =>
    ok(c, { specificLocations: c.var.store.specificLocations.map(specificLocationShape) }),
  );

  app.post("/delivery/fee-rule", async (c) => {
    const input = parse(feeRuleSchema, await body(c));
    const { fulfillment } = input;
    if (fulfillment.type === "TAKEOUT") return ok(c, { deliveryFeePricingRule: null });
    const at = input.scheduling ? new Date(input.scheduling) : c.var.domain.now();
    let point: { lat: number; lng: number; zipcode: string };
    if (fulfillment.addressId != null) {
      const { customerId, merchantId } = c.var.caller;
      if (customerId === undefined)
        throw new StoreApiError(403, "customer_login_required", "fulfillment.addressId needs a customer's token");
      point = c.var.domain.addressOf(merchantId, customerId, fulfillment.addressId).address;
    } else {
      point = addressFromInput(fulfillment.address as AddressInput);
    }
    const zone = zoneFor(c.var.store, point, at);
    if (!zone) throw unprocessable("outside_delivery_area", "fulfillment: the address is outside the delivery areas");
    return ok(c, { deliveryFeePricingRule: ruleShape(ruleOf(zone)) });
  });

  app.post("/geolocation", async (c) => {
    const input = parse(geoSchema, await body(c));
    return ok(c, { ...input, zipcode: input.zipcode.replace(/\D/g, ""), ...geolocate(input) });
  });

  return app;
}
