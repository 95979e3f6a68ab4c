import { describe, expect, it } from "vitest";
import { harmonia, m, paulista, tatuape } from "../../../e2e/support/sandbox/store-orders";
import { sharedStoreKit } from "../../../e2e/support/sandbox/store-kit";

// Delivery areas (polygons with fee rules), specific locations, the fee rule for a fulfillment
// and geolocation.

const kit = sharedStoreKit();

type Rule = {
  type: string;
  fixedPrice: unknown;
  freeDeliveryMinimumOrder: unknown;
  dynamicPrice: unknown;
  dynamicPriceStart: string | null;
};

describe("delivery areas and specific locations", () => {
  it("lists polygon areas with fixed, free-above-minimum and dynamic fee rules", async () => {
    type Area = { type: string; name: string; polygon: { lat: number; lng: number }[]; deliveryFeePricingRule: Rule };
    const pizzaria = await kit.data<{ deliveryAreas: Area[] }>(
      await kit.store("GET", "/delivery/areas", { token: kit.app }),
    );
    expect(pizzaria.deliveryAreas.map((a) => [a.type, a.deliveryFeePricingRule.type])).toEqual([
      ["POLYGON", "FREE_ABOVE_MINIMUM"],
      ["POLYGON", "DYNAMIC"],
    ]);
    expect(pizzaria.deliveryAreas[0]?.deliveryFeePricingRule).toMatchObject({
      fixedPrice: m(5.99),
      freeDeliveryMinimumOrder: m(90),
    });
    expect(pizzaria.deliveryAreas[1]?.deliveryFeePricingRule).toMatchObject({
      dynamicPrice: m(11.99),
      dynamicPriceStart: "19:00:00-03:00",
    });
    for (const area of pizzaria.deliveryAreas) {
      expect(area.polygon.length).toBeGreaterThanOrEqual(6);
      for (const p of area.polygon) expect(p.lat).toBeCloseTo(-23.56, 1);
    }
    const burger = await kit.data<{ deliveryAreas: Area[] }>(
      await kit.store("GET", "/delivery/areas", { token: await kit.appToken(kit.burger), merchant: kit.burger }),
    );
    expect(burger.deliveryAreas[0]?.deliveryFeePricingRule.type).toBe("FIXED");
  });

  it("lists specific locations", async () => {
    const data = await kit.data<{ specificLocations: Record<string, unknown>[] }>(
      await kit.store("GET", "/delivery/specific-locations", { token: kit.app }),
    );
    expect(data.specificLocations).toEqual([
      expect.objectContaining({
        type: "SPECIFIC",
        zipcode: "05403000",
        street: "Avenida Doutor Enéas Carvalho de Aguiar",
        deliveryFeePricingRule: expect.objectContaining({ type: "FIXED" }),
      }),
    ]);
  });
});

describe("POST /store-api/v1/delivery/fee-rule", () => {
  const rule = (body: unknown, merchant = kit.pizzaria, token = kit.app) =>
    kit.store("POST", "/delivery/fee-rule", { token, body, merchant });

  it("gives the rule of the area holding the address, null for take-out", async () => {
    expect(
      await kit.data(await rule({ fulfillment: { type: "DELIVERY", address: harmonia }, orderSubtotal: m(50) })),
    ).toMatchObject({ deliveryFeePricingRule: { type: "FREE_ABOVE_MINIMUM" } });
    expect(
      await kit.data(await rule({ fulfillment: { type: "DELIVERY", address: paulista }, orderSubtotal: m(50) })),
    ).toMatchObject({ deliveryFeePricingRule: { type: "DYNAMIC" } });
    expect(await kit.data(await rule({ fulfillment: { type: "TAKEOUT" }, orderSubtotal: m(50) }))).toEqual({
      deliveryFeePricingRule: null,
    });
  });

  it("uses a specific location (by CEP) even outside the polygons", async () => {
    const mall = { ...tatuape, street: "Rua Domingos Agostim", zipcode: "03066000", lat: -23.5396, lng: -46.5762 };
    const burgerToken = await kit.appToken(kit.burger);
    expect(
      await kit.data(
        await rule({ fulfillment: { type: "DELIVERY", address: mall }, orderSubtotal: m(50) }, kit.burger, burgerToken),
      ),
    ).toMatchObject({ deliveryFeePricingRule: { type: "FIXED", fixedPrice: m(14.99) } });
  });

  it("answers 422 outside the areas, 403 for a saved address without a customer, 400 without a subtotal", async () => {
    await kit.error(
      await rule({ fulfillment: { type: "DELIVERY", address: tatuape }, orderSubtotal: m(50) }),
      422,
      "outside_delivery_area",
    );
    await kit.error(
      await rule({ fulfillment: { type: "DELIVERY", addressId: 1 }, orderSubtotal: m(50) }),
      403,
      "customer_login_required",
    );
    expect((await kit.error(await rule({ fulfillment: { type: "TAKEOUT" } }), 400)).message).toMatch(/^orderSubtotal/);
  });
});

describe("POST /store-api/v1/geolocation", () => {
  const body = {
    street: "Rua Augusta",
    number: "1500",
    zipcode: "01305-000",
    neighborhood: "Consolação",
    city: "São Paulo",
    state: "SP",
  };

  it("locates a São Paulo address", async () => {
    const data = await kit.data<{ lat: number; lng: number; zipcode: string }>(
      await kit.store("POST", "/geolocation", { token: kit.app, body }),
    );
    expect(data.zipcode).toBe("01305000");
    expect(data.lat).toBeCloseTo(-23.5534, 2);
    expect(data.lng).toBeCloseTo(-46.6556, 2);
  });

  it("answers 422 for an unknown address and 400 naming a missing field", async () => {
    await kit.error(
      await kit.store("POST", "/geolocation", { token: kit.app, body: { ...body, city: "Curitiba", state: "PR" } }),
      422,
      "address_not_found",
    );
    const { number: _n, ...noNumber } = body;
    void _n;
    expect(
      (await kit.error(await kit.store("POST", "/geolocation", { token: kit.app, body: noNumber }), 400)).message,
    ).toMatch(/^number/);
  });
});
