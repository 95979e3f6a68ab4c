import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.SECRETS_KEY = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";
});

import { and, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { ownOrderEditSchema, ownOrderInputSchema, type OwnOrderInput } from "@/lib/contract/own-order";
import { getOrderTimeline } from "@/lib/db/order-reads";
import { orderActions, orders } from "@/lib/db/schema";
import { laneOf } from "@/lib/orders/lanes";
import { toOrderReview } from "@/lib/orders/order-review";
import { performOwnAction } from "./actions";
import { createOwnOrder } from "./create";
import { editOwnOrder, readEditableOrder } from "./edit";
import { quoteOwnOrder } from "./quote";
import { reasonOf } from "./test-menu";
import { openTestRestaurant } from "./test-restaurant";

// Editing an own order before the kitchen starts it, and scheduling one (issue 30), over the real
// database (PGlite): priced again by the same rules, attributed in the audit with what changed,
// refused once confirmed; a scheduled order waits in the Scheduled lane until its preparation time.

const MINE = "pizzaria-edit";

const order = (over: Partial<OwnOrderInput> = {}): OwnOrderInput =>
  ownOrderInputSchema.parse({
    storeId: MINE,
    source: "phone",
    type: "delivery",
    customer: { phone: "(19) 96666-1234", name: "Bia Lima" },
    address: { street: "Rua Um", number: "5", district: "jardim sao jose", city: "Campinas" },
    items: [{ kind: "item", itemId: 11, quantity: 2 }],
    payment: { method: "PIX" },
    ...over,
  });

describe("editing and scheduling own orders", () => {
  let database: TestDatabase;
  const db = () => database.db;
  const now = new Date("2026-11-27T15:00:00.000Z");
  const later = new Date(now.getTime() + 2 * 60_000);

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await openTestRestaurant(db(), MINE);
  });
  afterAll(async () => database?.destroy());

  const edits = async (orderId: string) =>
    db()
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.orderId, orderId), eq(orderActions.action, "edit")));

  it("replaces a New order's contents, priced again, attributed with what changed; the same save again records nothing", async () => {
    const taken = await createOwnOrder(db(), { input: order(), actor: "Rita", now });
    // 2 × 6,50 + 8,50 delivery fee.
    expect(taken.total).toEqual({ value: 21.5, currency: "BRL" });
    const editable = await readEditableOrder(db(), MINE, taken.id);
    expect(editable).toMatchObject({ source: "phone", displayId: taken.displayId });
    expect(editable.order.items).toEqual(order().items);
    expect(editable.order.customer).toEqual({ phone: "(19) 96666-1234", name: "Bia Lima" });

    const edit = ownOrderEditSchema.parse({
      ...editable.order,
      items: [...editable.order.items, { kind: "item", itemId: 12, quantity: 1 }],
      payment: { method: "CASH", changeForCents: 5_000 },
      note: "Sem talheres",
    });
    const edited = await editOwnOrder(db(), { storeId: MINE, orderId: taken.id, edit, actor: "Zé", now: later });
    expect(edited.changed).toEqual(["items", "payment", "note"]);
    // + 12,90: the same money rules as taking it (the quote says the same).
    expect(edited.order.total).toEqual({ value: 34.4, currency: "BRL" });
    expect((await quoteOwnOrder(db(), { ...order(), ...edit }, later)).totalCents).toBe(3440);
    expect(edited.order).toMatchObject({ id: taken.id, displayId: taken.displayId, placedAt: taken.placedAt });
    expect(edited.order.column).toBe("new");
    const review = toOrderReview(await details(taken.id));
    expect(review?.items.map((item) => item.name)).toContain("Pudim");

    const [audit] = await edits(taken.id);
    expect(audit).toMatchObject({
      actor: "Zé",
      outcome: "succeeded",
      requestBody: { changed: ["items", "payment", "note"], totalBefore: 21.5, totalAfter: 34.4 },
    });
    const timeline = await getOrderTimeline(db(), MINE, taken.id);
    expect(timeline.find((entry) => entry.name === "edit")).toMatchObject({
      actor: "Zé",
      changed: ["items", "payment", "note"],
    });

    // A retried save (the answer was lost): nothing changes, nothing more is recorded.
    const again = await editOwnOrder(db(), { storeId: MINE, orderId: taken.id, edit, actor: "Zé", now: later });
    expect(again.changed).toEqual([]);
    expect(await edits(taken.id)).toHaveLength(1);
  });

  it("refuses an order once confirmed, and one that is not there; cancelling with a reason is attributed", async () => {
    const taken = await createOwnOrder(db(), { input: order(), actor: "Rita", now });
    const edit = ownOrderEditSchema.parse({ ...(await readEditableOrder(db(), MINE, taken.id)).order, note: "x" });
    await performOwnAction(db(), { storeId: MINE, orderId: taken.id, request: { action: "confirm" }, actor: "Zé" });
    expect(await reasonOf(readEditableOrder(db(), MINE, taken.id))).toBe("notEditable");
    expect(await reasonOf(editOwnOrder(db(), { storeId: MINE, orderId: taken.id, edit, actor: "Zé", now }))).toBe(
      "notEditable",
    );
    expect(await edits(taken.id)).toHaveLength(0);
    expect(await reasonOf(readEditableOrder(db(), "lanchonete-edit", taken.id))).toBe("not_found");

    const cancelled = await performOwnAction(db(), {
      storeId: MINE,
      orderId: taken.id,
      request: { action: "requestCancellation", code: "SYSTEMIC_ISSUES", reason: "Cliente desistiu" },
      actor: "Rita",
    });
    expect(cancelled.cancelledBecause).toMatchObject({ by: "store", reason: "Cliente desistiu" });
    const [cancel] = await db()
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.orderId, taken.id), eq(orderActions.action, "requestCancellation")));
    expect(cancel).toMatchObject({
      actor: "Rita",
      requestBody: { code: "SYSTEMIC_ISSUES", reason: "Cliente desistiu" },
    });
  });

  it("puts a scheduled order in the Scheduled lane until its preparation time; a past time is refused", async () => {
    const past = new Date(now.getTime() - 60_000).toISOString();
    expect(await reasonOf(createOwnOrder(db(), { input: order({ scheduledFor: past }), actor: "Rita", now }))).toBe(
      "scheduledInPast",
    );
    expect(await reasonOf(quoteOwnOrder(db(), order({ scheduledFor: past }), now))).toBe("scheduledInPast");

    const at = new Date(now.getTime() + 3 * 60 * 60_000);
    const taken = await createOwnOrder(db(), { input: order({ scheduledFor: at.toISOString() }), actor: "Rita", now });
    expect(taken.scheduledFor).toBe(at.toISOString());
    const start = Date.parse(taken.preparationStartAt!);
    expect(start).toBeLessThan(at.getTime());
    expect(laneOf(taken, now.getTime())).toBe("scheduled");
    expect(laneOf(taken, start)).toBe("new");
    expect((await readEditableOrder(db(), MINE, taken.id)).order.scheduledFor).toBe(at.toISOString());

    // Edited to "now": out of the Scheduled lane at once.
    const rest = { ...(await readEditableOrder(db(), MINE, taken.id)).order, scheduledFor: undefined };
    const edited = await editOwnOrder(db(), {
      storeId: MINE,
      orderId: taken.id,
      edit: ownOrderEditSchema.parse(rest),
      actor: "Zé",
      now: later,
    });
    expect(edited.changed).toEqual(["schedule"]);
    expect(laneOf(edited.order, later.getTime())).toBe("new");
  });

  async function details(orderId: string): Promise<unknown> {
    const [row] = await db().select({ details: orders.details }).from(orders).where(eq(orders.id, orderId));
    return row?.details;
  }
});
