import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.SECRETS_KEY = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import type { Viewer } from "@/lib/auth/sessions";
import { ownOrderInputSchema, type OwnOrderInput } from "@/lib/contract/own-order";
import { merchantUpdates, orders } from "@/lib/db/schema";
import { markSoldOut, restock } from "@/lib/merchant/controls";
import { customerDetail, lookUpCustomers } from "./customer-lookup";
import { ownOrderMenu } from "./form-menu";
import { quoteOwnOrder } from "./quote";
import { takeOwnOrder } from "./take";
import { reasonOf } from "./test-menu";
import { openTestRestaurant } from "./test-restaurant";

// The order form's server side over the real database (PGlite): the menu it sells, the price
// preview (the same pricing as taking the order), the customer lookup with "repetir pedido", and
// the idempotency key that keeps a retried send from making a second order.

const MINE = "pizzaria-form";
const OTHER = "lanchonete-form";

const viewer = (storeIds: string[], name = "Rita"): Viewer => ({
  sessionId: "s",
  userId: 1,
  name,
  role: "kitchen",
  storeIds,
  deviceStoreId: null,
  staff: null,
});

const order = (over: Partial<OwnOrderInput> = {}): OwnOrderInput =>
  ownOrderInputSchema.parse({
    storeId: MINE,
    source: "whatsapp",
    type: "delivery",
    customer: { phone: "(19) 97777-1234", name: "Carla Dias" },
    address: { street: "Rua Um", number: "5", district: "jardim sao jose", city: "Campinas" },
    items: [
      {
        kind: "pizza",
        sizeId: 30,
        flavorIds: [100, 102],
        quantity: 1,
        note: "bem assada",
        options: [{ optionId: 51 }],
      },
      { kind: "item", itemId: 11, quantity: 2 },
      { kind: "item", itemId: 12, quantity: 1 },
    ],
    payment: { method: "CASH", changeForCents: 20_000 },
    ...over,
  });

describe("the own order form's server side", () => {
  let database: TestDatabase;
  const db = () => database.db;
  const now = new Date("2026-11-27T15:00:00.000Z");

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await openTestRestaurant(db(), MINE);
    await openTestRestaurant(db(), OTHER, { menu: false });
  });
  afterAll(async () => database?.destroy());

  it("sells the imported menu in cents, sold-out entries shown as such; nothing before an import", async () => {
    await markSoldOut(db(), MINE, [{ kind: "flavor", refId: 101 }], { until: null, actor: "Rita" }, now);
    try {
      const menu = await ownOrderMenu(db(), MINE);
      expect(menu).toMatchObject({
        imported: true,
        pizzaPricing: "highest",
        defaultDdd: "19",
        defaultCity: "Campinas",
      });
      expect(menu.items.find((item) => item.id === 10)).toMatchObject({
        name: "X-Burger",
        priceCents: 2490,
        soldOut: false,
      });
      expect(menu.items.find((item) => item.id === 10)?.properties[0]?.options.map((o) => o.priceCents)).toEqual([
        450, 200,
      ]);
      const grande = menu.pizzaSizes.find((size) => size.id === 30)!;
      expect(grande.maxFlavors).toBe(4);
      expect(grande.flavors.map((f) => [f.priceCents, f.soldOut])).toEqual([
        [4990, false],
        [5490, true],
        [5990, false],
        [6235, false],
      ]);
      expect(menu.areas).toContainEqual({ name: "Jardim São José", feeCents: 850 });
    } finally {
      await db().delete(merchantUpdates);
      await restock(db(), MINE, [{ kind: "flavor", refId: 101 }], now);
    }
    expect(await ownOrderMenu(db(), OTHER)).toMatchObject({ imported: false, items: [] });
  });

  it("quotes exactly what taking the order charges, without a phone or an address yet", async () => {
    const draft = order({ customer: undefined, address: undefined, payment: { method: "PIX" } });
    const itemsOnly = await quoteOwnOrder(db(), draft, now);
    // (59,90 highest + 9,90 borda) + 2 × 6,50 + 12,90 = 95,70; no fee before the address.
    expect(itemsOnly).toMatchObject({ itemsCents: 9570, deliveryFeeCents: 0, totalCents: 9570, zone: null });
    expect(itemsOnly.lines[0]).toMatchObject({
      name: "Pizza Grande",
      options: ["1/2 Calabresa", "1/2 Portuguesa", "Borda de catupiry"],
    });
    const full = await quoteOwnOrder(db(), order(), now);
    expect(full).toMatchObject({
      deliveryFeeCents: 850,
      totalCents: 10_420,
      changeCents: 9_580,
      zone: "Jardim São José",
    });
    const { order: card } = await takeOwnOrder(db(), viewer([MINE]), order(), now);
    expect(card.total).toEqual({ value: 104.2, currency: "BRL" });
    // What the form must say: troco below the total, an address outside every area.
    expect(
      await reasonOf(quoteOwnOrder(db(), order({ payment: { method: "CASH", changeForCents: 10_000 } }), now)),
    ).toBe("trocoBelowTotal");
    const far = { ...order().address!, district: "Longe" };
    expect(await reasonOf(quoteOwnOrder(db(), order({ address: far }), now))).toBe("outsideDeliveryArea");
    expect(await reasonOf(quoteOwnOrder(db(), order({ items: [] }), now))).toBe("noItems");
  });

  it("makes one order for a send retried with the same key, and two for two keys", async () => {
    const count = async () =>
      (await db().select({ id: orders.id }).from(orders).where(eq(orders.storeId, MINE))).length;
    const before = await count();
    const key = randomUUID();
    const body = { ...order(), idempotencyKey: key };
    const first = await takeOwnOrder(db(), viewer([MINE]), body, now);
    expect(first.replayed).toBe(false);
    // The answer was lost; the form sends it again — and again at once, twice.
    const [again, concurrent] = await Promise.all([
      takeOwnOrder(db(), viewer([MINE]), body, now),
      takeOwnOrder(db(), viewer([MINE]), body, now),
    ]);
    expect([again.replayed, concurrent.replayed]).toEqual([true, true]);
    expect(again.order.id).toBe(first.order.id);
    expect(concurrent.order.displayId).toBe(first.order.displayId);
    expect(await count()).toBe(before + 1);
    // Two people taking orders for the same customer: two keys, two orders.
    const [a, b] = await Promise.all([
      takeOwnOrder(db(), viewer([MINE], "A"), { ...order(), idempotencyKey: randomUUID() }, now),
      takeOwnOrder(db(), viewer([MINE], "B"), { ...order(), idempotencyKey: randomUUID() }, now),
    ]);
    expect(a.order.id).not.toBe(b.order.id);
    expect(await count()).toBe(before + 3);
    // Another restaurant's staff never reach the key's order.
    expect(await reasonOf(takeOwnOrder(db(), viewer([OTHER]), body, now))).toBe("forbidden");
    // A retried send is answered even once an item has sold out since: the order exists.
    await markSoldOut(db(), MINE, [{ kind: "item", refId: 12 }], { until: null, actor: "Rita" }, now);
    try {
      expect((await takeOwnOrder(db(), viewer([MINE]), body, now)).order.id).toBe(first.order.id);
      expect(await reasonOf(takeOwnOrder(db(), viewer([MINE]), { ...body, idempotencyKey: randomUUID() }, now))).toBe(
        "soldOut",
      );
    } finally {
      await db().delete(merchantUpdates);
      await restock(db(), MINE, [{ kind: "item", refId: 12 }], now);
    }
  });

  it("finds the customer by any form of their number, and repeats their last order", async () => {
    const forms = ["19977771234", "+55 (19) 97777-1234", "9 7777-1234", "(19) 7777-1234"];
    for (const form of forms) {
      const [first] = await lookUpCustomers(db(), MINE, form);
      expect(first, form).toMatchObject({ name: "Carla Dias", phone: "(19) 97777-1234" });
    }
    expect((await lookUpCustomers(db(), MINE, "carla"))[0]?.addresses[0]).toMatchObject({ street: "Rua Um" });
    expect(await lookUpCustomers(db(), OTHER, "19977771234")).toEqual([]);
    const carla = (await lookUpCustomers(db(), MINE, "carla"))[0]!;
    expect(await customerDetail(db(), OTHER, carla.id)).toBeUndefined();
    const detail = await customerDetail(db(), MINE, carla.id);
    expect(detail?.lastOrder).toMatchObject({ source: "whatsapp", type: "delivery", payment: "CASH" });
    expect(detail?.lastOrder?.lines).toEqual(order().items);
    // Sent again, the lines price as the first order's did.
    const repeat = await quoteOwnOrder(db(), order({ items: detail!.lastOrder!.lines }), now);
    expect(repeat.totalCents).toBe(10_420);
  });
});
