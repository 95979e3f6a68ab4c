import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "@/e2e/support/csv";
import type { SandboxMerchant } from "@/e2e/support/sandbox-process";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { historyFiltersSchema } from "@/lib/contract/history";
import { findOrder } from "@/lib/db/order-reads";
import { exportHistoryCsv } from "@/lib/history/export";
import { toOrderReview } from "@/lib/orders/order-review";
import { buildTicket } from "@/lib/printers/ticket";
import { ticketLines } from "@/lib/printers/ticket-text";
import { TICKET_LABELS } from "@/lib/printers/worker";

// Open Delivery 1.7's additions, end to end over real HTTP: the sandbox places a delivery below
// its store's minimum (MIN_ORDER_FEE) and a CPF-na-nota takeout (billing address), Comanda's
// poller stores them (PGlite), and what the order's page, the counter's ticket and the export
// read from the stored order shows them, with totals that still add up.

type PlatformOrder = {
  displayId: string;
  otherFees: { type: string; price: { value: number } }[];
  total: { orderAmount: { value: number } };
  billingAddress?: { street: string; number: string; postalCode: string };
};

const cents = (value: number | null | undefined) => Math.round((value ?? Number.NaN) * 100);

describe("ingesting 1.7 orders with a minimum-order fee and a billing address", () => {
  let fixture: SandboxStoreFixture;
  let merchant: SandboxMerchant;
  let small: { id: string; order: PlatformOrder };
  let billed: { id: string; order: PlatformOrder };

  const platformOrder = async (orderId: string) =>
    (await fixture.sandbox.control<{ order: PlatformOrder }>("GET", `/control/orders/${orderId}`)).order;
  const place = async (body: Record<string, unknown>) => {
    const { orderId } = await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
      orderTiming: "INSTANT",
      ...body,
    });
    return { id: orderId, order: await platformOrder(orderId) };
  };

  beforeAll(async () => {
    fixture = await startSandboxStore();
    [merchant] = (await fixture.sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    // One soda for delivery: below every store's minimum.
    small = await place({ type: "DELIVERY", items: [{ code: "BEB-COCA-2L" }] });
    // Half the sandbox's takeout customers give a CPF, and with it a billing address.
    for (let i = 0; i < 30 && !billed; i++) {
      const takeout = await place({ type: "TAKEOUT" });
      if (takeout.order.billingAddress) billed = takeout;
    }
    await fixture.store.connection.poller.pollOnce();
  });
  afterAll(async () => fixture?.stop());

  it("stores the minimum-order fee and shows it by its type, inside a total that adds up", async () => {
    const fee = small.order.otherFees.find((f) => f.type === "MIN_ORDER_FEE");
    expect(fee, "the sandbox placed a minimum-order fee").toBeDefined();
    const stored = await findOrder(fixture.database.db, merchant.merchantId, small.id);
    expect(stored?.detailsError ?? null).toBeNull();
    const review = toOrderReview(stored!.details)!;
    const shown = review.fees.filter((f) => f.type === "MIN_ORDER_FEE");
    expect(shown.map((f) => cents(f.amount?.value))).toEqual([cents(fee!.price.value)]);
    expect(cents(review.total?.value)).toBe(cents(small.order.total.orderAmount.value));
    // The card's breakdown (plausibility) counts it among the fees.
    expect(stored!.board.flags ?? []).not.toContain("totalMismatch");
  });

  it("stores the billing address, shows it on the order and prints it on the takeout's counter ticket only", async () => {
    expect(billed, "the sandbox placed a takeout with a billing address").toBeDefined();
    const stored = await findOrder(fixture.database.db, merchant.merchantId, billed.id);
    const review = toOrderReview(stored!.details)!;
    const address = billed.order.billingAddress!;
    expect(review.billingAddress).toContain(`${address.street}, ${address.number}`);
    expect(review.billingAddress).toContain(`${address.postalCode.slice(0, 5)}-${address.postalCode.slice(5)}`);

    const ticket = buildTicket(stored!.board, review, new Date(), "America/Sao_Paulo");
    const printed = ticketLines(ticket, 48, TICKET_LABELS).map((line) => line.text);
    expect(printed.join(" ")).toContain(`${TICKET_LABELS.billingAddress}: ${address.street}`);
    const station = buildTicket(stored!.board, review, new Date(), "America/Sao_Paulo", {
      name: "Forno",
      index: 1,
      count: 1,
      lines: [0],
    });
    expect(station.billingAddress).toBeUndefined();

    // A delivery has its own address: no invoice line on its ticket.
    const delivery = await findOrder(fixture.database.db, merchant.merchantId, small.id);
    expect(buildTicket(delivery!.board, toOrderReview(delivery!.details), new Date(), "UTC").billingAddress).toBe(
      undefined,
    );
  });

  it("exports items, fees (the minimum-order fee among them) and discount that add up to the total", async () => {
    const { csv } = await exportHistoryCsv(
      fixture.database.db,
      { stores: [{ id: merchant.merchantId, name: merchant.name }] },
      historyFiltersSchema.parse({}),
      { header: (column: string) => column, status: String, type: String, locale: "en" },
    );
    const [header, ...rows] = parseCsv(csv, ",");
    const at = (name: string) => header!.indexOf(name);
    const row = rows.find((line) => line[at("orderId")] === small.id)!;
    const fee = small.order.otherFees.find((f) => f.type === "MIN_ORDER_FEE")!;
    const value = (name: string) => Math.round(Number(row[at(name)] || "0") * 100);
    expect(value("minOrderFee")).toBe(cents(fee.price.value));
    expect(value("fees")).toBeGreaterThanOrEqual(value("minOrderFee"));
    expect(value("itemsPrice") + value("fees") - value("discount")).toBe(value("total"));
    for (const line of rows.filter((r) => r[at("orderId")] !== small.id)) expect(line[at("minOrderFee")]).toBe("");
  });
});
