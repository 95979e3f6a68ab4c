import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { v2DocumentsFound as ordersV2DocumentFound, v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { kitchenLines } from "@/lib/orders/order-lines";
import { toOrderReview } from "@/lib/orders/order-review";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { STATUS_ON_BOARD } from "@/lib/orders/platform-status";
import { ORDER_STATUSES, type OrderItemOptionV2 } from "./order-schema";
import { readOrderV2 } from "./read-order";
import { NESTED_OPTION_SEPARATOR, V2_ORIGINAL_KEY } from "./to-comanda";

// Random valid 2.0 orders (valid against orders.openapi.yaml's Order when ../shared/spec is
// there) map into the order Comanda stores without losing what a cook must see; anything else is
// an error in a sentence, never a throw.

const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9][A-Za-zÀ-ÿ0-9 ,.()!-]{0,24}$/).filter((s) => s.trim() === s);
const isoAt = fc
  .integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") })
  .map((ms) => new Date(ms).toISOString());
const price = fc.record({
  value: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
  currency: fc.constant("BRL"),
});

const option: fc.Memo<OrderItemOptionV2> = fc.memo((depth) =>
  fc.record(
    {
      id: fc.uuid(),
      name: word,
      optionGroupName: word,
      quantity: fc.integer({ min: 1, max: 4 }),
      defaultQuantity: fc.integer({ min: 0, max: 2 }),
      pricing: fc.record({ unitPrice: price, totalPrice: price }),
      options: depth > 1 ? fc.array(option(depth - 1), { maxLength: 2 }) : fc.constant([]),
    },
    { requiredKeys: ["id", "name", "quantity", "pricing"] },
  ),
);

const item = fc.record(
  {
    id: fc.uuid(),
    name: word,
    externalCode: fc.stringMatching(/^item:\d{1,4}$/),
    itemOfferId: fc.uuid(),
    quantity: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(0.5, 1.25)),
    unit: fc.constantFrom("UN", "KG", "L"),
    pricing: fc.record(
      { unitPrice: price, optionsPrice: price, originalPrice: price, totalPrice: price },
      { requiredKeys: ["unitPrice", "totalPrice"] },
    ),
    options: fc.array(option(3), { maxLength: 3 }),
    observations: word,
  },
  { requiredKeys: ["id", "name", "quantity", "pricing"] },
);

const customer = fc.record({
  id: fc.uuid(),
  name: word,
  phone: fc.record({ number: fc.stringMatching(/^\+55\d{10,11}$/) }),
  ordersCountOnMerchant: fc.integer({ min: 0, max: 99 }),
});

const fulfillment = fc.oneof(
  fc.record({
    orderType: fc.constant("DELIVERY" as const),
    delivery: fc.record(
      {
        address: fc.record({ street: word, neighborhood: word, city: word, state: fc.constant("SP") }),
        observations: word,
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    orderType: fc.constant("TAKEOUT" as const),
    takeout: fc.record({ pickupCode: fc.stringMatching(/^[A-Z]\d{2}$/), observations: word }, { requiredKeys: [] }),
  }),
  fc.record({
    orderType: fc.constant("INDOOR" as const),
    indoor: fc.record({
      operationMode: fc.constantFrom("TABLE", "TAB", "COUNTER"),
      identifier: fc.stringMatching(/^\d{1,3}$/),
      consumptionType: fc.constantFrom("DINE_IN", "TAKEAWAY"),
      originChannel: fc.record({ type: fc.constantFrom("QR_CODE", "WAITER_TABLET", "TOTEM") }),
    }),
  }),
);

const timing = fc.oneof(
  fc.record(
    { orderTiming: fc.constantFrom("INSTANT", "ONDEMAND"), preparationStartDateTime: isoAt },
    { requiredKeys: ["orderTiming"] },
  ),
  fc.record({
    orderTiming: fc.constant("SCHEDULED"),
    schedule: fc.record({ scheduledDateTimeStart: isoAt, scheduledDateTimeEnd: isoAt }),
    preparationStartDateTime: isoAt,
  }),
);

const order = fc
  .record(
    {
      id: fc.uuid(),
      displayId: fc.stringMatching(/^[A-Z0-9]{1,8}$/),
      createdAt: isoAt,
      merchant: fc.record({ id: fc.uuid(), name: word }),
      fulfillment,
      status: fc.constantFrom("CREATED", "CONFIRMED", "PREPARING", "READY", "DELIVERED", "CANCELLED"),
      customer,
      timing,
      items: fc.array(item, { minLength: 1, maxLength: 4 }),
      total: fc.record({ itemsPrice: price, otherFees: price, discount: price, orderAmount: price }),
      payments: fc.record({ prepaid: fc.constant(0), pending: fc.constant(0), methods: fc.constant([]) }),
      observations: word,
      extraInfo: word,
    },
    {
      requiredKeys: [
        "id",
        "displayId",
        "createdAt",
        "merchant",
        "fulfillment",
        "status",
        "timing",
        "items",
        "total",
        "payments",
      ],
    },
  )
  // The document makes the customer required on DELIVERY.
  .map((o) =>
    o.fulfillment.orderType === "DELIVERY" && !o.customer
      ? { ...o, customer: { id: "c", name: "Ana", phone: { number: "1" }, ordersCountOnMerchant: 0 } }
      : o,
  );

/** What a cook reads of an option tree, flattened as the ticket shows it (per unit of the item). */
function expectedOptions(
  options: readonly OrderItemOptionV2[] | undefined,
  path = "",
  times = 1,
): { name: string; quantity: number }[] {
  return (options ?? []).flatMap((o) => {
    const name = path ? `${path}${NESTED_OPTION_SEPARATOR}${o.name}` : o.name;
    return [{ name, quantity: o.quantity * times }, ...expectedOptions(o.options, name, o.quantity * times)];
  });
}

describe("a 2.0 order read into Comanda's order", () => {
  it("generated orders are valid against orders.openapi.yaml (or the check is skipped)", () => {
    if (!ordersV2DocumentFound)
      console.info("orders.openapi.yaml not found in ../shared/spec: 2.0 schema check skipped");
    fc.assert(
      fc.property(order, (o) => {
        expect(v2SchemaErrors("orders", "Order", o)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps everything a cook must see: display id, items, quantities, options, notes", () => {
    fc.assert(
      fc.property(order, (o) => {
        const read = readOrderV2(o);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        // The stored shape is the one 1.x orders have: the same summary parser reads it.
        const parsed = parseOrderDetails(read.details);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.summary.displayId).toBe(o.displayId);
        expect(parsed.summary.type).toBe(o.fulfillment.orderType);
        expect(parsed.summary.timing).toBe(o.timing.orderTiming);
        expect(parsed.summary.total).toEqual(o.total.orderAmount);
        const lines = kitchenLines(read.details.items);
        expect(lines.map((l) => [l.name, l.quantity])).toEqual(
          o.items.map((i) => [i.name, i.quantity > 0 ? i.quantity : 1]),
        );
        for (const [index, line] of lines.entries()) {
          expect(line.options.map(({ name, quantity }) => ({ name, quantity }))).toEqual(
            expectedOptions(o.items[index]!.options),
          );
          expect(line.note).toBe(o.items[index]!.observations);
        }
        const notes = parsed.summary.notes ?? "";
        for (const note of [o.observations, o.extraInfo]) if (note) expect(notes).toContain(note);
        if (o.timing.orderTiming === "SCHEDULED")
          expect(parsed.summary.scheduledFor).toBe(new Date(o.timing.schedule!.scheduledDateTimeStart).toISOString());
        if (o.timing.preparationStartDateTime)
          expect(parsed.summary.preparationStartAt).toBe(new Date(o.timing.preparationStartDateTime).toISOString());
        if (o.fulfillment.orderType === "INDOOR")
          expect(parsed.summary.place ?? toOrderReview(read.details)?.indoor?.tab).toBe(
            o.fulfillment.indoor.identifier,
          );
        expect(read.details[V2_ORIGINAL_KEY]).toEqual(read.order);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps each item's prices as 1.x carries them and its itemOfferId", () => {
    fc.assert(
      fc.property(order, (o) => {
        const read = readOrderV2(o);
        if (!read.ok) throw new Error(read.error);
        const items = read.details.items as Record<string, unknown>[];
        for (const [index, source] of o.items.entries()) {
          expect(items[index]!.unitPrice).toEqual(source.pricing.unitPrice);
          expect(items[index]!.totalPrice).toEqual(source.pricing.totalPrice);
          expect(items[index]!.itemOfferId).toBe(source.itemOfferId);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("never throws on any JSON, and says why it refused", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (json) => {
        const read = readOrderV2(json);
        if (!read.ok) expect(read.error.length).toBeGreaterThan(10);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses an order missing a field the document requires, naming it", () => {
    const required = [
      "id",
      "displayId",
      "createdAt",
      "merchant",
      "timing",
      "fulfillment",
      "status",
      "items",
      "total",
      "payments",
    ] as const;
    fc.assert(
      fc.property(order, fc.constantFrom(...required), (o, field) => {
        const broken: Record<string, unknown> = { ...o };
        delete broken[field];
        const read = readOrderV2(broken);
        expect(read.ok).toBe(false);
        if (!read.ok) expect(read.error).toContain(field);
        // The document refuses it too.
        if (ordersV2DocumentFound) expect(v2SchemaErrors("orders", "Order", broken)).not.toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a fulfillment whose context does not match its orderType, and a SCHEDULED order without schedule", () => {
    fc.assert(
      fc.property(order, (o) => {
        const wrong = { ...o, fulfillment: { orderType: "TAKEOUT", delivery: {} } };
        expect(readOrderV2(wrong).ok).toBe(false);
        const unscheduled = { ...o, timing: { orderTiming: "SCHEDULED" } };
        const read = readOrderV2(unscheduled);
        expect(read.ok).toBe(false);
        if (!read.ok) expect(read.error).toContain("schedule");
      }),
      { numRuns: 100 },
    );
  });

  it("knows where every status of the document puts a card (reconciliation)", () => {
    expect(Object.keys(STATUS_ON_BOARD).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("names the dialect when a 1.x order comes on a 2.0 connection", () => {
    const read = readOrderV2({ id: "o1", type: "DELIVERY", displayId: "1", items: [] });
    expect(read).toEqual({ ok: false, error: expect.stringContaining("1.x order") });
  });
});
