import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Secrets are sealed with this key instead of one generated into ./data.
  process.env.SECRETS_KEY = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";
});

import { eq } from "drizzle-orm";
import { parseCsv } from "@/e2e/support/csv";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { xlsxRecords } from "@/e2e/support/xlsx";
import type { Viewer } from "@/lib/auth/sessions";
import { historyFiltersSchema } from "@/lib/contract/history";
import { ownOrderInputSchema, type OwnOrderInput } from "@/lib/contract/own-order";
import { getOrderTimeline } from "@/lib/db/order-reads";
import { channels, merchantControls } from "@/lib/db/schema";
import { exportHistory } from "@/lib/history/export";
import { listHistory, type HistoryScope } from "@/lib/history/history";
import { readControls } from "@/lib/merchant/controls";
import { computeReport } from "@/lib/reports/compute";
import { loadReportOrders } from "@/lib/reports/loader";
import { reportRange } from "@/lib/reports/range";
import { saveChannelConfig, type ChannelConfig } from "@/lib/stores/config";
import { performOwnAction } from "./actions";
import { ownChannelId } from "./channels";
import { createOwnOrder } from "./create";
import { changeCustomerNotes, deleteCustomer, listCustomers } from "./customer-admin";
import { findCustomerByPhone } from "./customers";
import { recordCustomerMessage } from "./record-customer-message";
import { TEST_AREAS, TEST_LOCATIONS, TEST_MENU, TEST_STORE } from "./test-menu";
import { testRestaurant } from "./test-restaurant";

// Own orders in the back office (issue 30 points 2–4) over the real database (PGlite): the
// customers page's reads and writes, scoped to one restaurant; the messages to the customer in the
// order's audit; and own orders in the history by channel, the report's per-channel figures and
// both exports.

const A = "pizzaria-a";
const B = "pizzaria-b";
const DAY = "2026-11-27";
const now = new Date(`${DAY}T15:00:00.000Z`);

const restaurant = (id: string): ChannelConfig => ({
  ...testRestaurant(id),
  name: id === A ? "Pizzaria A" : "Pizzaria B",
});

const manager = (storeId: string): Viewer => ({
  sessionId: "s",
  userId: 7,
  name: `Gerente ${storeId}`,
  role: "manager",
  storeIds: [storeId],
  deviceStoreId: null,
  staff: null,
});

const order = (over: Partial<OwnOrderInput>): OwnOrderInput =>
  ownOrderInputSchema.parse({
    storeId: A,
    source: "whatsapp",
    type: "takeout",
    customer: { phone: "(19) 99876-1234", name: "Carla Lima" },
    items: [{ kind: "item", itemId: 11, quantity: 2 }],
    payment: { method: "CASH", changeForCents: 5_000 },
    ...over,
  });

describe("own orders in the back office", () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const id of [A, B]) {
      await saveChannelConfig(db(), restaurant(id), "manager");
      await readControls(db(), id);
      await db()
        .update(merchantControls)
        .set({
          menu: { store: TEST_STORE, menu: TEST_MENU, delivery: { areas: TEST_AREAS, locations: TEST_LOCATIONS } },
        })
        .where(eq(merchantControls.storeId, id));
    }
  });
  afterAll(async () => database?.destroy());

  it("never shows or changes restaurant A's customer for restaurant B's manager", async () => {
    await createOwnOrder(db(), { input: order({}), actor: "Rita", now });
    const carla = (await findCustomerByPhone(db(), A, "19998761234"))!;
    expect(carla).toBeDefined();

    // B's manager naming A's store: 403, before anything is read.
    await expect(listCustomers(db(), manager(B), A, "")).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      changeCustomerNotes(db(), manager(B), { storeId: A, customerId: carla.id, notes: "x" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteCustomer(db(), manager(B), { storeId: A, customerId: carla.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    // A's customer id through B's own store: 404, and B's list does not hold her.
    await expect(
      changeCustomerNotes(db(), manager(B), { storeId: B, customerId: carla.id, notes: "x" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteCustomer(db(), manager(B), { storeId: B, customerId: carla.id })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await listCustomers(db(), manager(B), B, "")).toEqual([]);
    expect(await listCustomers(db(), manager(B), B, "99876")).toEqual([]);
    expect((await findCustomerByPhone(db(), A, "19998761234"))?.notes).toBeNull();

    // A's manager: the list with her orders, the note kept, then forgotten.
    const [row] = await listCustomers(db(), manager(A), A, "9987 61234");
    expect(row).toMatchObject({ id: carla.id, name: "Carla Lima", ordersCount: 1, lastOrderAt: now.toISOString() });
    await changeCustomerNotes(db(), manager(A), { storeId: A, customerId: carla.id, notes: "sempre sem cebola" });
    expect((await listCustomers(db(), manager(A), A, "carla"))[0]?.notes).toBe("sempre sem cebola");
    await deleteCustomer(db(), manager(A), { storeId: A, customerId: carla.id });
    expect(await listCustomers(db(), manager(A), A, "carla")).toEqual([]);
    await expect(deleteCustomer(db(), manager(A), { storeId: A, customerId: carla.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("records a message sent to the customer in the order's timeline, only when it fits the order", async () => {
    const card = await createOwnOrder(db(), {
      input: order({ customer: { phone: "19 99876-5555", name: "Davi" } }),
      actor: "Rita",
      now,
    });
    const send = (kind: "confirmation" | "ready" | "outForDelivery") =>
      recordCustomerMessage(db(), {
        storeId: A,
        orderId: card.id,
        request: { kind, text: `Olá! pedido nº ${card.displayId}` },
        actor: "Rita",
      });
    await send("confirmation");
    // A new takeout is not ready, and never goes out for delivery.
    await expect(send("ready")).rejects.toMatchObject({ status: 409 });
    await expect(send("outForDelivery")).rejects.toMatchObject({ status: 409 });
    // Another restaurant's store never reaches it.
    await expect(
      recordCustomerMessage(db(), {
        storeId: B,
        orderId: card.id,
        request: { kind: "confirmation", text: "x" },
        actor: "Rita",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    const timeline = await getOrderTimeline(db(), A, card.id);
    expect(timeline).toContainEqual(
      expect.objectContaining({ kind: "action", name: "customerMessage:confirmation", actor: "Rita" }),
    );

    // No phone, nothing to send to.
    const counter = await createOwnOrder(db(), {
      input: order({ source: "counter", customer: undefined, payment: { method: "PIX" } }),
      actor: "Rita",
      now,
    });
    await expect(
      recordCustomerMessage(db(), {
        storeId: A,
        orderId: counter.id,
        request: { kind: "confirmation", text: "x" },
        actor: "Rita",
      }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("shows own orders in the history by channel, the report per channel, and both exports", async () => {
    const base = new Date(`${DAY}T16:00:00.000Z`);
    const whatsapp = await createOwnOrder(db(), {
      input: order({ customer: { phone: "19 99876-7777", name: "Eva" } }),
      actor: "Rita",
      now: base,
    });
    const phone = await createOwnOrder(db(), {
      input: order({
        source: "phone",
        customer: { phone: "19 99876-8888", name: "Fábio" },
        payment: { method: "PIX" },
        confirmNow: true,
      }),
      actor: "Rita",
      now: new Date(base.getTime() + 60_000),
    });
    await performOwnAction(db(), {
      storeId: A,
      orderId: whatsapp.id,
      request: { action: "confirm", preparationTime: 20 },
      actor: "Rita",
    });

    const scope: HistoryScope = { stores: [{ id: A, name: "Pizzaria A" }], locale: "pt-BR" };
    const filters = (channel?: string) =>
      historyFiltersSchema.parse({ from: DAY, to: DAY, ...(channel ? { channel } : {}) });
    const waChannel = ownChannelId(A, "whatsapp");
    const byWhatsApp = await listHistory(db(), scope, filters(waChannel));
    expect(byWhatsApp.rows.map((row) => row.channelId)).toEqual(byWhatsApp.rows.map(() => waChannel));
    expect(byWhatsApp.rows.map((row) => row.id)).toContain(whatsapp.id);
    expect(byWhatsApp.rows.map((row) => row.id)).not.toContain(phone.id);
    expect(byWhatsApp.rows.find((row) => row.id === whatsapp.id)).toMatchObject({ channelLabel: "WhatsApp" });
    const byPhone = await listHistory(db(), scope, filters(ownChannelId(A, "phone")));
    expect(byPhone.rows.map((row) => row.id)).toEqual([phone.id]);

    const ownChannels = await db().select().from(channels);
    const range = reportRange(DAY, DAY, "America/Sao_Paulo");
    const rows = await loadReportOrders(db(), {
      storeIds: [A],
      start: new Date(range.previous.start),
      end: new Date(range.current.end),
    });
    const report = computeReport(rows, range, {
      storeIds: [A],
      timeZone: "America/Sao_Paulo",
      channels: ownChannels.map((c) => ({ ...c, platform: null })),
    });
    const figures = new Map(report.perChannel.map((channel) => [channel.id, channel]));
    expect(figures.get(ownChannelId(A, "phone"))).toMatchObject({ label: "Telefone" });
    expect(figures.get(ownChannelId(A, "phone"))?.summary).toMatchObject({ orders: 1, revenue: phone.total!.value });
    const wa = figures.get(waChannel)!;
    expect(wa.label).toBe("WhatsApp");
    expect(wa.summary.orders).toBe(byWhatsApp.total);
    // The confirmed WhatsApp order counts in revenue: its total, from the board card.
    expect(wa.summary.revenue).toBeGreaterThanOrEqual(whatsapp.total!.value);

    const words = {
      header: (column: string) => column,
      status: (column: string) => column,
      type: (type: string) => type,
      ownChannel: "Canal próprio",
      locale: "pt-BR",
    };
    const csv = parseCsv((await exportHistory(db(), scope, filters(waChannel), words, "csv")).body as string, ";");
    const header = csv[0]!;
    const line = csv.find((cells) => cells[header.indexOf("orderId")] === whatsapp.id)!;
    expect(line[header.indexOf("channel")]).toBe("WhatsApp");
    expect(line[header.indexOf("platform")]).toBe("Canal próprio");
    expect(line[header.indexOf("displayId")]).toBe(whatsapp.displayId);
    expect(csv.some((cells) => cells[header.indexOf("orderId")] === phone.id)).toBe(false);

    const xlsx = await xlsxRecords((await exportHistory(db(), scope, filters(), words, "xlsx")).body as Buffer);
    const ids = xlsx.map((record) => record.orderId);
    expect(ids).toEqual(expect.arrayContaining([whatsapp.id, phone.id]));
    expect(xlsx.find((record) => record.orderId === phone.id)).toMatchObject({ channel: "Telefone" });
  });
});
