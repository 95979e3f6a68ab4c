import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Secrets are sealed with this key instead of one generated into ./data.
  process.env.SECRETS_KEY = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";
});

import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import type { Database } from "@/lib/db";
import { rowsOf } from "@/lib/db/bulk";
import { officialSchemasFound } from "@/e2e/support/open-delivery-spec";
import { describeErrors, officialSchema } from "@/e2e/support/sandbox/harness";
import { createOrderActions } from "@/lib/actions/perform-order-action";
import type { Viewer } from "@/lib/auth/sessions";
import type { BoardOrder } from "@/lib/contract/board";
import { ownOrderInputSchema, type OwnOrderInput } from "@/lib/contract/own-order";
import {
  channels,
  customers,
  merchantControls,
  merchantUpdates,
  orderActions,
  orders,
  printJobs,
  storePrinters,
} from "@/lib/db/schema";
import { enqueue, markSoldOut, readControls, restock } from "@/lib/merchant/controls";
import { toOrderReview } from "@/lib/orders/order-review";
import { boardWrites } from "@/lib/realtime/bus";
import { loadEnabledChannels, saveChannelConfig, type ChannelConfig } from "@/lib/stores/config";
import { setPizzaPricing } from "@/lib/stores/own-order-settings";
import { ownChannelId } from "./channels";
import { createOwnOrder } from "./create";
import { findCustomerByPhone, searchCustomers } from "./customers";
import { customerMessageText } from "./customer-message";
import { forgetCustomer } from "./forget-customer";
import { recordCustomerMessage } from "./record-customer-message";
import { takeOwnOrder } from "./take";
import { testRestaurant } from "./test-restaurant";
import { reasonOf, TEST_AREAS, TEST_LOCATIONS, TEST_MENU, TEST_STORE } from "./test-menu";

// Own channels and orders over the real database (PGlite): made with every restaurant, taken
// through the same board write as a platform's orders, acted on without any platform.

const MINE = "pizzaria-own";
const OTHER = "lanchonete-other";

const restaurant = (id: string): ChannelConfig => ({
  ...testRestaurant(id),
  name: id === MINE ? "Pizzaria Própria" : "Lanchonete Outra",
});

const viewer = (storeIds: string[], name = "Rita"): Viewer => ({
  sessionId: "s",
  userId: 1,
  name,
  role: "kitchen",
  storeIds,
  deviceStoreId: null,
  staff: null,
});

/** A 3-item delivery order: half Calabresa half Portuguesa Grande with a note, a drink, a dessert. */
const deliveryOrder = (over: Partial<OwnOrderInput> = {}): OwnOrderInput =>
  ownOrderInputSchema.parse({
    storeId: MINE,
    source: "phone",
    type: "delivery",
    customer: { phone: "+55 (19) 98765-4321", name: "Ana Souza" },
    address: { street: "Rua das Flores", number: "12", district: "Jardim São José", city: "Campinas", state: "SP" },
    items: [
      { kind: "pizza", sizeId: 30, flavorIds: [100, 102], quantity: 1, note: "sem cebola" },
      { kind: "item", itemId: 11, quantity: 2 },
      { kind: "item", itemId: 12, quantity: 1 },
    ],
    payment: { method: "CASH", changeForCents: 10_000 },
    ...over,
  });

describe("own channels and orders", () => {
  let database: TestDatabase;
  const db = () => database.db;
  const now = new Date("2026-11-27T15:00:00.000Z");
  /** Every channel an action asked a connection for: own orders must never ask. */
  const connectionAsks: string[] = [];
  const actions = () =>
    createOrderActions({
      db: db(),
      connectionFor: (channelId) => {
        connectionAsks.push(channelId);
        throw new Error(`a connection was asked for channel ${channelId}`);
      },
      timeoutMs: 1_000,
    });

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await saveChannelConfig(db(), restaurant(MINE), "manager");
    await saveChannelConfig(db(), restaurant(OTHER), "manager");
    await readControls(db(), MINE);
    await db()
      .update(merchantControls)
      .set({
        menu: {
          store: TEST_STORE,
          menu: TEST_MENU,
          delivery: { areas: TEST_AREAS, locations: TEST_LOCATIONS },
        },
      })
      .where(eq(merchantControls.storeId, MINE));
  });
  afterAll(async () => database?.destroy());

  it("gives every restaurant its four own channels, which are never polled nor sent merchant updates", async () => {
    const own = await db()
      .select({ id: channels.id, label: channels.label, source: channels.ownSource })
      .from(channels)
      .where(and(eq(channels.restaurantId, MINE), eq(channels.kind, "own")));
    expect(own.map((c) => c.label).sort()).toEqual(["Balcão", "Mesa", "Telefone", "WhatsApp"]);
    expect(own.map((c) => c.id)).toContain(ownChannelId(MINE, "whatsapp"));
    // Saving the restaurant again adds nothing.
    await saveChannelConfig(db(), restaurant(MINE), "manager");
    expect(await db().select().from(channels).where(eq(channels.restaurantId, MINE))).toHaveLength(5);

    // Even with a connection id left on it (a hand edit), an own channel is never a poller's.
    const [platform] = await db().select().from(channels).where(eq(channels.id, MINE));
    await db()
      .update(channels)
      .set({ connectionId: platform!.connectionId, merchantId: "stray" })
      .where(eq(channels.id, ownChannelId(MINE, "table")));
    expect((await loadEnabledChannels(db())).map((c) => c.id).sort()).toEqual([OTHER, MINE].sort());
    await enqueue(db(), MINE, { merchantStatus: "UNAVAILABLE" }, now);
    const queued = await db().select().from(merchantUpdates).where(eq(merchantUpdates.storeId, MINE));
    expect(queued.map((u) => u.channelId)).toEqual([MINE]);
    await db().delete(merchantUpdates);

    // A platform's merchant id may not take an own channel's row.
    await expect(saveChannelConfig(db(), restaurant(ownChannelId(OTHER, "phone")), "manager")).rejects.toThrow(
      /own channel/,
    );
  });

  it("puts a phone order on the board as New, priced on the server, with its channel, and announces it", async () => {
    const announced: BoardOrder[] = [];
    const stop = boardWrites().subscribe((card) => announced.push(card));
    const card = await createOwnOrder(db(), { input: deliveryOrder(), actor: "Rita", now }).finally(stop);
    expect(card).toMatchObject({
      column: "new",
      channelId: ownChannelId(MINE, "phone"),
      storeId: MINE,
      customerName: "Ana Souza",
      displayId: "T-1",
    });
    // 59,90 (highest) + 2 × 6,50 + 12,90 + 8,50 delivery (Jardim São José) = 94,30.
    expect(card.total).toEqual({ value: 94.3, currency: "BRL" });
    expect(card.actions).toEqual(["confirm", "requestCancellation"]);
    expect(announced.map((c) => c.id)).toEqual([card.id]);

    const [row] = await db().select().from(orders).where(eq(orders.id, card.id));
    const details = row?.details as { total: unknown; payments: { methods: unknown[] }; items: unknown[] };
    expect(details.total).toEqual({
      itemsPrice: { value: 85.8, currency: "BRL" },
      otherFees: { value: 8.5, currency: "BRL" },
      discount: { value: 0, currency: "BRL" },
      orderAmount: { value: 94.3, currency: "BRL" },
    });
    expect(details.payments.methods[0]).toMatchObject({ method: "CASH", changeFor: 100, type: "PENDING" });
    expect(details.items[0]).toMatchObject({ name: "Pizza Grande", specialInstructions: "sem cebola" });
    expect(row?.totalCents).toBe(9430);
    expect(row?.phoneDigits).toBe("19987654321");
    const [audit] = await db().select().from(orderActions).where(eq(orderActions.orderId, card.id));
    expect(audit).toMatchObject({ action: "create", actor: "Rita", outcome: "succeeded" });
  });

  it("prices half-and-half by the restaurant's rule (average, rounded up)", async () => {
    await setPizzaPricing(db(), MINE, "average");
    try {
      const card = await createOwnOrder(db(), {
        input: deliveryOrder({
          type: "takeout",
          payment: { method: "PIX" },
          items: [{ kind: "pizza", sizeId: 30, flavorIds: [100, 101, 103], quantity: 1, options: [] }],
        }),
        actor: "Rita",
        now,
      });
      expect(card.total).toEqual({ value: 55.72, currency: "BRL" });
    } finally {
      await setPizzaPricing(db(), MINE, "highest");
    }
  });

  it("gives two people ordering for one customer at once two orders, and one customer", async () => {
    const [a, b] = await Promise.all([
      createOwnOrder(db(), {
        input: deliveryOrder({ customer: { phone: "19 8765 4321", name: "" } }),
        actor: "A",
        now,
      }),
      createOwnOrder(db(), {
        input: deliveryOrder({ customer: { phone: "5519987654321", name: "Ana" } }),
        actor: "B",
        now,
      }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(a.displayId).not.toBe(b.displayId);
    const ana = await db().select().from(customers).where(eq(customers.storeId, MINE));
    expect(ana).toHaveLength(1);
    expect(ana[0]).toMatchObject({ phoneKey: "5519987654321" });
    expect(ana[0]?.addresses).toHaveLength(1);
    // Found by any form of the number, and by name — never from another restaurant.
    expect((await findCustomerByPhone(db(), MINE, "(19) 98765-4321"))?.id).toBe(ana[0]?.id);
    expect(await findCustomerByPhone(db(), OTHER, "(19) 98765-4321")).toBeUndefined();
    expect(await searchCustomers(db(), MINE, "ana")).toHaveLength(1);
    expect(await searchCustomers(db(), OTHER, "ana")).toEqual([]);
  });

  it("refuses what a kitchen cannot sell or a customer cannot pay, with a reason", async () => {
    const take = (input: OwnOrderInput) => createOwnOrder(db(), { input, actor: "Rita", now });
    expect(await reasonOf(take(deliveryOrder({ items: [] })))).toBe("noItems");
    expect(await reasonOf(take(deliveryOrder({ payment: { method: "CASH", changeForCents: 5_000 } })))).toBe(
      "trocoBelowTotal",
    );
    const far = deliveryOrder().address!;
    expect(await reasonOf(take(deliveryOrder({ address: { ...far, district: "Longe" } })))).toBe("outsideDeliveryArea");
    expect(await reasonOf(take(deliveryOrder({ customer: { phone: "12345", name: "X" } })))).toBe("phoneInvalid");
    await markSoldOut(db(), MINE, [{ kind: "item", refId: 12 }], { until: null, actor: "Rita" }, now);
    try {
      expect(await reasonOf(take(deliveryOrder()))).toBe("soldOut");
    } finally {
      await db().delete(merchantUpdates);
      await restock(db(), MINE, [{ kind: "item", refId: 12 }], now);
    }
    expect(await reasonOf(take(deliveryOrder({ storeId: OTHER })))).toBe("menuMissing");
  });

  it("confirms at once when asked: straight to In preparation, by the person taking it", async () => {
    // A whole-ticket kitchen printer: the confirm queues the ticket, which names the own channel.
    await db()
      .insert(storePrinters)
      .values({ storeId: MINE, name: "Cozinha", host: "127.0.0.1", codePage: "cp860", paperWidth: 80 });
    const card = await createOwnOrder(db(), {
      input: deliveryOrder({
        source: "counter",
        type: "counter",
        confirmNow: true,
        customer: undefined,
        address: undefined,
        payment: { method: "PIX" },
      }),
      actor: "Caixa",
      now,
    });
    expect(card).toMatchObject({ column: "preparing", channelId: ownChannelId(MINE, "counter") });
    expect(card.displayId).toMatch(/^B-\d+$/);
    const audit = await db().select().from(orderActions).where(eq(orderActions.orderId, card.id));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["create", "Caixa"],
      ["confirm", "Caixa"],
    ]);
    const [job] = await db().select().from(printJobs).where(eq(printJobs.orderId, card.id));
    expect(job?.ticket.channel).toEqual({ label: "Balcão", platform: null });
    await db().delete(printJobs);
    await db().delete(storePrinters);
  });

  it("acts on an own order on Comanda's record only, never asking for a connection", async () => {
    const order = await createOwnOrder(db(), { input: deliveryOrder(), actor: "Rita", now });
    const perform = actions();
    const confirmed = await perform({ storeId: MINE, orderId: order.id, request: { action: "confirm" }, actor: "Zé" });
    expect(confirmed.column).toBe("preparing");
    const ready = await perform({
      storeId: MINE,
      orderId: order.id,
      request: { action: "readyForPickup" },
      actor: "Zé",
    });
    expect(ready.column).toBe("ready");
    // A second tap of the same step is refused, not recorded twice.
    expect(
      await reasonOf(perform({ storeId: MINE, orderId: order.id, request: { action: "readyForPickup" }, actor: "Zé" })),
    ).toBe("action_not_allowed");
    const cancelled = await perform({
      storeId: MINE,
      orderId: order.id,
      request: { action: "requestCancellation", code: "SYSTEMIC_ISSUES", reason: "Cliente desistiu" },
      actor: "Rita",
    });
    expect(cancelled.column).toBe("cancelled");
    expect(cancelled.cancelledBecause).toMatchObject({ by: "store", reason: "Cliente desistiu" });
    const audit = await db().select().from(orderActions).where(eq(orderActions.orderId, order.id));
    expect(audit.map((a) => [a.action, a.actor, a.outcome])).toEqual([
      ["create", "Rita", "succeeded"],
      ["confirm", "Zé", "succeeded"],
      ["readyForPickup", "Zé", "succeeded"],
      ["requestCancellation", "Rita", "succeeded"],
    ]);
    expect(connectionAsks).toEqual([]);
  });

  it("refuses another restaurant's staff before reading anything, and a tablet without a PIN", async () => {
    const before = await db().select({ id: orders.id }).from(orders);
    const body = { ...deliveryOrder(), confirmNow: false };
    expect(await reasonOf(takeOwnOrder(db(), viewer([OTHER]), body, now))).toBe("forbidden");
    const tablet = { ...viewer([MINE]), deviceStoreId: MINE, name: "Tablet" };
    expect(await reasonOf(takeOwnOrder(db(), tablet, body, now))).toBe("pin_required");
    expect(await reasonOf(takeOwnOrder(db(), viewer([MINE]), { ...body, items: "x" }, now))).toBe("bad_request");
    const after = await db().select({ id: orders.id }).from(orders);
    expect(after.length).toBe(before.length);
    const { order, actor } = await takeOwnOrder(db(), viewer([MINE], "Maria"), body, now);
    expect(actor).toBe("Maria");
    expect(order.column).toBe("new");
  });

  it("forgets a customer on request: their row, and their name, phone and street on their orders", async () => {
    // Confirmed with a kitchen printer: the queued ticket names him too.
    await db()
      .insert(storePrinters)
      .values({ storeId: MINE, name: "Cozinha", host: "127.0.0.1", codePage: "cp860", paperWidth: 80 });
    const card = await createOwnOrder(db(), {
      input: deliveryOrder({
        confirmNow: true,
        customer: { phone: "(19) 91111-2222", name: "Bruno Lima" },
        address: {
          street: "Rua Quirino dos Santos",
          number: "771",
          district: "Jardim São José",
          city: "Campinas",
          state: "SP",
          postalCode: "13024-071",
        },
      }),
      actor: "Rita",
      now,
    });
    // The kitchen sent him the confirmation on WhatsApp: its text (his first name, his order) is
    // in the order's audit.
    const [stored] = await db().select().from(orders).where(eq(orders.id, card.id));
    const review = toOrderReview(stored!.details)!;
    const message = customerMessageText("confirmation", {
      displayId: card.displayId,
      type: card.type,
      review,
      estimatedMinutes: 40,
    });
    expect(message).toContain("Bruno");
    await recordCustomerMessage(db(), {
      storeId: MINE,
      orderId: card.id,
      request: { kind: "confirmation", text: message },
      actor: "Rita",
    });
    const bruno = await findCustomerByPhone(db(), MINE, "19911112222");
    expect(await forgetCustomer(db(), OTHER, bruno!.id)).toBe(false);
    expect(await forgetCustomer(db(), MINE, bruno!.id)).toBe(true);
    expect(await findCustomerByPhone(db(), MINE, "19911112222")).toBeUndefined();
    const [row] = await db().select().from(orders).where(eq(orders.id, card.id));
    const text = JSON.stringify(row?.details) + JSON.stringify(row?.board);
    expect(text).not.toMatch(/Bruno|91111|Rua das Flores/);
    expect(row?.board.customerName).toBe("Cliente removido (LGPD)");
    // Still an Open Delivery order, as before.
    const validate = officialSchema("order-details", "response");
    expect(validate(row?.details), officialSchemasFound ? describeErrors(validate) : "").toBe(true);
    expect(row?.board.total).toEqual(card.total);
    // Nothing personal left anywhere: every row of every table, as JSON, is searched for his name,
    // his phone (as typed and as stored) and his street.
    const [job] = await db().select().from(printJobs).where(eq(printJobs.orderId, card.id));
    expect(job?.ticket.customerName).toBe("Cliente removido (LGPD)");
    const leftovers = await rowsMentioning(db(), ["Bruno", "91111", "Quirino", "13024"]);
    expect(leftovers).toEqual([]);
    // The audit still says a confirmation was sent, by whom and when: its text is gone.
    const audit = await db()
      .select({ action: orderActions.action, actor: orderActions.actor, requestBody: orderActions.requestBody })
      .from(orderActions)
      .where(eq(orderActions.orderId, card.id));
    expect(audit.find((entry) => entry.action === "customerMessage:confirmation")).toMatchObject({
      actor: "Rita",
      requestBody: { kind: "confirmation", text: "Mensagem removida (LGPD)" },
    });
    await db().delete(printJobs);
    await db().delete(storePrinters);
  });
});

/** "table: row" for every row of every table whose JSON contains one of these words (any case). */
async function rowsMentioning(database: Database, words: string[]): Promise<string[]> {
  const tables = rowsOf<{ table_name: string }>(
    await database.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const rows = rowsOf<{ row: string }>(
      await database.execute(sql.raw(`select row_to_json(t)::text as row from "${table}" t`)),
    );
    for (const { row } of rows) {
      if (words.some((word) => row.toLowerCase().includes(word.toLowerCase())))
        found.push(`${table}: ${row.slice(0, 200)}`);
    }
  }
  return found;
}
