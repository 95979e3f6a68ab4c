import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OwnOrderLine } from "@/lib/contract/own-order";
import { AppError } from "@/lib/errors";
import { feeCents, zoneOf } from "./delivery-fee";
import { centsOf, formatCents, reaisOf } from "./money";
import { pizzaUnitCents } from "./pizza-price";
import { NO_SOLD_OUT, TEST_AREAS, TEST_LOCATIONS, TEST_MENU } from "./test-menu";
import { orderTotals, priceLines } from "./totals";

const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.extra?.reason;
    throw error;
  }
  return undefined;
};

const cents = fc.integer({ min: 0, max: 10_000_000 });

/** Any line the test menu sells, with any options and quantities it allows. */
const line: fc.Arbitrary<OwnOrderLine> = fc.oneof(
  fc.record({
    kind: fc.constant("item" as const),
    itemId: fc.constantFrom(11, 12),
    quantity: fc.integer({ min: 1, max: 500 }),
    options: fc.constant([] as { optionId: number; quantity: number }[]),
  }),
  fc.record({
    kind: fc.constant("item" as const),
    itemId: fc.constant(10),
    quantity: fc.integer({ min: 1, max: 500 }),
    options: fc.subarray([21, 22]).map((ids) => ids.map((optionId) => ({ optionId, quantity: 1 }))),
  }),
  fc.record({
    kind: fc.constant("pizza" as const),
    sizeId: fc.constant(30),
    flavorIds: fc.uniqueArray(fc.constantFrom(100, 101, 102, 103), { minLength: 1, maxLength: 4 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    options: fc.subarray([51]).map((ids) => ids.map((optionId) => ({ optionId, quantity: 1 }))),
  }),
);

describe("half-and-half pricing", () => {
  it("highest is the dearest flavour; average is between the cheapest and the dearest, rounded up", () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 4 }), (prices) => {
        const highest = pizzaUnitCents(prices, "highest");
        const average = pizzaUnitCents(prices, "average");
        expect(highest).toBe(Math.max(...prices));
        expect(Number.isInteger(average)).toBe(true);
        expect(average).toBeGreaterThanOrEqual(Math.min(...prices));
        expect(average).toBeLessThanOrEqual(highest);
        // Rounded up: never below the exact average, less than a cent above it.
        expect(average * prices.length).toBeGreaterThanOrEqual(prices.reduce((a, b) => a + b, 0));
        expect((average - 1) * prices.length).toBeLessThan(prices.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it("prices a half Calabresa (49,90), half Portuguesa (59,90) Grande by the restaurant's rule", () => {
    const pizza: OwnOrderLine = { kind: "pizza", sizeId: 30, flavorIds: [100, 102], quantity: 1, options: [] };
    expect(priceLines([pizza], TEST_MENU, NO_SOLD_OUT, "highest").itemsCents).toBe(5990);
    expect(priceLines([pizza], TEST_MENU, NO_SOLD_OUT, "average").itemsCents).toBe(5490);
    // 49,90 + 54,90 + 62,35 = 167,15; / 3 = 55,7166… → 55,72 (rounded up).
    const three: OwnOrderLine = { ...pizza, flavorIds: [100, 101, 103] };
    expect(priceLines([three], TEST_MENU, NO_SOLD_OUT, "average").itemsCents).toBe(5572);
    const [priced] = priceLines([three], TEST_MENU, NO_SOLD_OUT, "average").lines;
    expect(priced?.options.map((o) => o.name)).toEqual(["1/3 Calabresa", "1/3 Margherita", "1/3 Quatro queijos"]);
  });
});

describe("order totals", () => {
  it("are the sum of their parts, in whole cents, never negative", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.constantFrom("highest", "average") as fc.Arbitrary<"highest" | "average">,
        cents,
        (lines, rule, fee) => {
          const { lines: priced, itemsCents } = priceLines(lines, TEST_MENU, NO_SOLD_OUT, rule);
          expect(itemsCents).toBe(priced.reduce((sum, l) => sum + l.totalCents, 0));
          for (const l of priced) {
            expect(l.optionsCents).toBe(l.options.reduce((sum, o) => sum + o.unitCents * o.quantity, 0));
            expect(l.totalCents).toBe(l.quantity * (l.unitCents + l.optionsCents));
            expect(Number.isInteger(l.totalCents) && l.totalCents >= 0).toBe(true);
          }
          const totals = orderTotals(itemsCents, fee, { method: "PIX" });
          expect(totals.totalCents).toBe(itemsCents + fee);
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("refuses an order with no items, and anything sold out or not on the menu", () => {
    expect(reasonOf(() => priceLines([], TEST_MENU, NO_SOLD_OUT, "highest"))).toBe("noItems");
    const burger: OwnOrderLine = { kind: "item", itemId: 10, quantity: 1, options: [{ optionId: 21, quantity: 1 }] };
    const soldOut = (key: keyof typeof NO_SOLD_OUT, id: number) => ({ ...NO_SOLD_OUT, [key]: new Set([id]) });
    expect(reasonOf(() => priceLines([burger], TEST_MENU, soldOut("soldOutItems", 10), "highest"))).toBe("soldOut");
    expect(reasonOf(() => priceLines([burger], TEST_MENU, soldOut("soldOutOptions", 21), "highest"))).toBe("soldOut");
    const pizza: OwnOrderLine = { kind: "pizza", sizeId: 31, flavorIds: [100, 101], quantity: 1, options: [] };
    expect(reasonOf(() => priceLines([pizza], TEST_MENU, soldOut("soldOutFlavors", 101), "highest"))).toBe("soldOut");
    expect(reasonOf(() => priceLines([pizza], TEST_MENU, soldOut("soldOutSizes", 31), "highest"))).toBe("soldOut");
    expect(
      reasonOf(() => priceLines([{ ...pizza, flavorIds: [100, 101, 102] }], TEST_MENU, NO_SOLD_OUT, "highest")),
    ).toBe("flavorCount");
    expect(reasonOf(() => priceLines([{ ...burger, itemId: 999 }], TEST_MENU, NO_SOLD_OUT, "highest"))).toBe(
      "unknownItem",
    );
  });
});

describe("troco", () => {
  it("gives back the difference, or refuses troco para below the total with a sentence", () => {
    fc.assert(
      fc.property(cents, cents, cents, (items, fee, changeFor) => {
        const total = items + fee;
        const run = () => orderTotals(items, fee, { method: "CASH", changeForCents: changeFor });
        if (changeFor < total) expect(reasonOf(run)).toBe("trocoBelowTotal");
        else expect(run().changeCents).toBe(changeFor - total);
      }),
    );
    expect(() => orderTotals(5000, 500, { method: "CASH", changeForCents: 5000 })).toThrow(
      "Change for R$ 50,00 is less than the total, R$ 55,00.",
    );
    // Troco belongs to cash: a PIX order ignores it.
    expect(orderTotals(5000, 0, { method: "PIX", changeForCents: 100 }).changeCents).toBeNull();
  });
});

describe("delivery fee", () => {
  const point = (over: Partial<Parameters<typeof zoneOf>[1]>) => ({ postalCode: "", district: "", ...over });
  const zones = { areas: TEST_AREAS, locations: TEST_LOCATIONS };

  it("finds the zone by CEP first, then by coordinates, then by district; none outside", () => {
    const inCentro = { latitude: -22.95, longitude: -46.95 };
    expect(zoneOf(zones, point({ postalCode: "13010100", coordinates: inCentro }))?.zone.id).toBe(3);
    expect(zoneOf(zones, point({ postalCode: "13000-000", coordinates: inCentro }))?.zone.id).toBe(1);
    expect(zoneOf(zones, point({ district: " jardim  sao JOSÉ " }))?.zone.id).toBe(2);
    expect(zoneOf(zones, point({ district: "vila verde" }))?.zone.id).toBe(3);
    expect(zoneOf(zones, point({ district: "Longe", coordinates: { latitude: 0, longitude: 0 } }))).toBeUndefined();
    expect(
      zoneOf({ areas: TEST_AREAS.map((a) => ({ ...a, active: false })), locations: [] }, point({ district: "Centro" })),
    ).toBeUndefined();
  });

  it("is free at or above the rule's minimum, the fixed price below it, never negative", () => {
    const rule = TEST_AREAS[0]!.fee;
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1439 }), (subtotal, minutes) => {
        const fee = feeCents(rule, subtotal, minutes);
        expect(fee).toBe(subtotal >= 10_000 ? 0 : 500);
        expect(fee).toBeGreaterThanOrEqual(0);
      }),
    );
    const dynamic = {
      ...rule!,
      freeAbove: null,
      dynamicPrice: { value: 7.25, currency: "BRL" },
      dynamicStart: "22:00:00-03:00",
      dynamicEnd: "02:00:00-03:00",
    };
    expect(feeCents(dynamic, 100, 23 * 60)).toBe(725);
    expect(feeCents(dynamic, 100, 60)).toBe(725);
    expect(feeCents(dynamic, 100, 12 * 60)).toBe(500);
    expect(feeCents(null, 100, 0)).toBe(0);
  });
});

describe("money", () => {
  it("turns reais into cents and back without floating point drift", () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(centsOf({ value: reaisOf(value), currency: "BRL" })).toBe(value);
        expect(centsOf({ value: value / 100, currency: "BRL" })).toBe(value);
      }),
    );
    expect(centsOf({ value: 39.9, currency: "BRL" })).toBe(3990);
    expect(formatCents(123456789)).toBe("R$ 1.234.567,89");
  });
});
