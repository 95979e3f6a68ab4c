import { describe, expect, it } from "vitest";
import { nextOrderableTime, openAt, shortTime, storeWeekday } from "./hours";
import type { MenuItem, PaymentForm, StoreInfo, StoreMenu, WeeklyPeriod } from "./types";
import { cheapestLine, offlinePaymentForm, planTestOrder } from "./test-order";

const dinner: WeeklyPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start: "18:00:00-03:00",
  end: "00:30:00-03:00",
}));
const lunch: WeeklyPeriod[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  start: "11:00:00-03:00",
  end: "15:00:00-03:00",
}));

describe("store hours", () => {
  // Sunday 22 Nov 2026, 10:30 in São Paulo (13:30 UTC).
  const sundayMorning = new Date("2026-11-22T13:30:00Z");

  it("reads the weekday in the store's time, not the server's", () => {
    // 01:00 UTC on Monday is still Sunday 22:00 in São Paulo.
    expect(storeWeekday(new Date("2026-11-23T01:00:00Z"), -180)).toBe(0);
    expect(storeWeekday(sundayMorning, -180)).toBe(0);
    expect(shortTime("18:00:00-03:00")).toBe("18:00");
  });

  it("knows a shift past midnight ends the next day", () => {
    expect(openAt(dinner, new Date("2026-11-23T03:15:00Z"))).toBe(true); // Monday 00:15 local, Sunday's shift
    expect(openAt(dinner, new Date("2026-11-23T03:45:00Z"))).toBe(false); // Monday 00:45 local
    expect(openAt(dinner, sundayMorning)).toBe(false);
  });

  it("schedules for the next opening with a margin, or for the lead time when open", () => {
    expect(nextOrderableTime(dinner, sundayMorning, 40)?.toISOString()).toBe("2026-11-22T21:05:00.000Z");
    // Monday 11:30 local: open for lunch; 40 minutes of lead plus 5 of margin.
    expect(nextOrderableTime([...dinner, ...lunch], new Date("2026-11-23T14:30:00Z"), 40)?.toISOString()).toBe(
      "2026-11-23T15:15:00.000Z",
    );
    // Monday 14:30 local: too late for lunch (ends 15:00), so dinner.
    expect(nextOrderableTime([...dinner, ...lunch], new Date("2026-11-23T17:30:00Z"), 40)?.toISOString()).toBe(
      "2026-11-23T21:05:00.000Z",
    );
    expect(nextOrderableTime([], sundayMorning, 40)).toBeNull();
  });
});

const brl = (value: number) => ({ value, currency: "BRL" });
const item = (id: number, name: string, price: number, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  name,
  description: "",
  status: "AVAILABLE",
  price: brl(price),
  oldPrice: null,
  availabilities: [],
  properties: [],
  ...extra,
});
const form = (id: number, name: string, online: boolean, askForChange = false): PaymentForm => ({
  id,
  name,
  online,
  askForChange,
  isCardBrand: false,
  acceptedOnDelivery: true,
});

const store: StoreInfo = {
  name: "Loja",
  companyName: "",
  description: "",
  serviceId: "loja",
  status: "OPEN",
  address: "",
  location: null,
  telephone: "(11) 3031-2244",
  minimumOrder: brl(40),
  takeoutMinimumOrder: brl(20),
  waitingMinutes: { min: 40, max: 60 },
  businessHours: dinner,
  receivesOrders: true,
};

const juice = item(3, "Suco", 6, {
  properties: [
    {
      id: 31,
      name: "Sabor",
      minChoices: 1,
      maxChoices: 1,
      options: [
        { id: 311, name: "Abacaxi", status: "AVAILABLE", price: brl(2) },
        { id: 312, name: "Laranja", status: "AVAILABLE", price: brl(0.5) },
      ],
    },
  ],
});
const menu: StoreMenu = {
  pizzaSizes: [],
  categories: [
    {
      id: 1,
      name: "Bebidas",
      description: "",
      status: "ACTIVE",
      isPizzaModule: false,
      items: [
        item(1, "Esgotado", 1, { status: "UNAVAILABLE" }),
        item(2, "Almoço", 2, { availabilities: lunch }),
        juice,
        item(4, "Água", 7),
      ],
    },
  ],
};

describe("test order plan", () => {
  it("picks the cheapest orderable item, filling required choices with the cheapest options", () => {
    const line = cheapestLine(menu, "BRL");
    expect(line?.item.name).toBe("Suco");
    expect(line?.unitCents).toBe(650);
    expect(line?.properties).toEqual([{ propertyId: 31, options: [{ optionId: 312, amount: 1, price: brl(0.5) }] }]);
  });

  it("prefers cash among the offline forms", () => {
    expect(
      offlinePaymentForm([form(3, "Pix", true), form(2, "Maquininha", false), form(1, "Dinheiro", false, true)])?.id,
    ).toBe(1);
    expect(offlinePaymentForm([form(3, "Pix", true)])).toBeNull();
  });

  it("orders enough to reach the take-out minimum, priced the platform's way, now when open", () => {
    const plan = planTestOrder(store, menu, [form(1, "Dinheiro", false, true)], new Date("2026-11-22T22:00:00Z"));
    expect(plan.amount).toBe(4);
    expect(plan.total).toEqual(brl(26));
    expect(plan.scheduledFor).toBeNull();
    expect(plan.body).toMatchObject({
      fulfillment: { type: "TAKEOUT" },
      payment: { type: "OFFLINE", paymentFormId: 1 },
      items: [{ itemId: 3, amount: 4, totalPrice: brl(26) }],
      values: { subtotal: brl(26), total: brl(26), deliveryFee: brl(0) },
      scheduling: null,
      customer: { name: "TESTE Comanda", telephone: "1130312244" },
    });
  });

  it("schedules it for the next opening when the store is closed", () => {
    const plan = planTestOrder(
      { ...store, status: "CLOSED" },
      menu,
      [form(1, "Dinheiro", false, true)],
      new Date("2026-11-22T13:30:00Z"),
    );
    expect(plan.body.scheduling).toBe("2026-11-22T21:05:00.000Z");
  });

  it("explains when no test order is possible", () => {
    expect(() => planTestOrder(store, { ...menu, categories: [] }, [form(1, "Dinheiro", false)], new Date())).toThrow(
      /no available item/,
    );
    expect(() => planTestOrder(store, menu, [form(3, "Pix", true)], new Date())).toThrow(/offline payment/);
  });
});
