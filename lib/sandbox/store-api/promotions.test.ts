import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acai500, orderBody, placeOrder, smashWithBacon } from "../../../e2e/support/sandbox/store-orders";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// Loyalty programme and balance, referral offer, rewards and vouchers (status, by id, validate,
// list available).

let kit: StoreKit;
let app: string;
let ana: string;
let joao: string;
beforeAll(async () => {
  kit = await startStoreKit();
  app = await kit.appToken();
  ana = await kit.customerToken(kit.pizzaria, 0);
  joao = await kit.customerToken(kit.pizzaria, 1);
});
afterAll(async () => {
  await kit.close();
});

const get = async <T = Record<string, unknown>>(path: string, token = app) =>
  kit.data<T>(await kit.store("GET", path, { token }));

describe("loyalty", () => {
  it("describes the programme", async () => {
    expect(await get("/loyalty/program")).toMatchObject({
      programName: "Clube Sabores da Vila",
      total: 100,
      benefitValue: "15.00",
      isBrandProgram: true,
      hasBegun: true,
      isExpired: false,
    });
  });

  it("gives the customer's balance; points of open orders are pending; daysToExpirePoints narrows pointsToExpire", async () => {
    expect(await get("/customers/me/loyalty/balance", ana)).toMatchObject({
      approved: 155,
      pending: 0,
      isRewardAvailable: true,
      pointsToExpire: 155,
    });
    expect(await get("/customers/me/loyalty/balance?daysToExpirePoints=90", ana)).toMatchObject({
      pointsToExpire: 80,
      daysToExpirePoints: 90,
    });
    const joaoBalance = await get<{ approved: number; isRewardAvailable: boolean }>(
      "/customers/me/loyalty/balance",
      joao,
    );
    await placeOrder(kit, joao, orderBody({ customer: null }));
    expect(await get("/customers/me/loyalty/balance", joao)).toMatchObject({
      approved: joaoBalance.approved,
      pending: 93,
      pendingOrders: 1,
      pendingOrdersAmount: { value: 93.9, currency: "BRL" },
    });
    expect(joaoBalance.isRewardAvailable).toBe(false);
    await kit.error(
      await kit.store("GET", "/customers/me/loyalty/balance?daysToExpirePoints=-1", { token: ana }),
      400,
      "invalid_request",
    );
    await kit.error(
      await kit.store("GET", "/customers/me/loyalty/balance", { token: app }),
      403,
      "customer_login_required",
    );
  });
});

describe("referral and rewards", () => {
  it("offers the referral without a code to the app and with the customer's code to a customer", async () => {
    const plain = await get<Record<string, unknown>>("/referral/offer");
    expect(plain).toMatchObject({ type: "MEMBER_GET_MEMBER", valueFixed: { value: 10, currency: "BRL" } });
    expect(plain.code).toBeUndefined();
    expect(await get("/referral/offer", ana)).toMatchObject({
      code: "ANA10VILA",
      shareTitle: expect.stringContaining("ANA10VILA"),
    });
  });

  it("lists rewards, available only when the customer has earned them", async () => {
    type R = { rewards: { requirementType: string; isAvailable: boolean }[] };
    expect((await get<R>("/promotions/rewards")).rewards.map((r) => r.isAvailable)).toEqual([false, false]);
    expect((await get<R>("/promotions/rewards", ana)).rewards.map((r) => [r.requirementType, r.isAvailable])).toEqual([
      ["POINTS", true],
      ["REFERRAL", false],
    ]);
    expect((await get<R>("/promotions/rewards", joao)).rewards.map((r) => r.isAvailable)).toEqual([false, true]);
  });
});

describe("vouchers", () => {
  it("shows the customer's personal (birthday) voucher and its status", async () => {
    expect(await get("/customers/me/vouchers/status", ana)).toMatchObject({
      status: "AVAILABLE",
      voucher: { code: "NIVER-ANA15", isBirthdayType: true, isIndividual: true },
    });
    await kit.error(await kit.store("GET", "/customers/me/vouchers/status", { token: joao }), 404, "not_found");
  });

  it("gets a voucher by id, hiding other customers' personal vouchers", async () => {
    expect(await get("/vouchers/3")).toMatchObject({
      code: "PIZZA15",
      type: "FIXED",
      value: { value: 15, currency: "BRL" },
      minOrder: { value: 80, currency: "BRL" },
    });
    await kit.error(await kit.store("GET", "/vouchers/7", { token: joao }), 404, "not_found");
    expect(await get("/vouchers/7", ana)).toMatchObject({ code: "NIVER-ANA15" });
    await kit.error(await kit.store("GET", "/vouchers/5", { token: app }), 404, "not_found"); // ACAI20 is the burger store's
  });

  it("validates a code against the cart, explaining why it does not apply", async () => {
    const validate = async (query: string, body: unknown = [], token = app) =>
      kit.data<{ code: string; availabilityError: string | null }>(
        await kit.store("POST", `/vouchers/validate?${query}`, { token, body }),
      );
    expect(await validate("code=bemvindo10&subtotal=50")).toMatchObject({
      code: "BEMVINDO10",
      availabilityError: null,
    });
    expect((await validate("code=BEMVINDO10&subtotal=30")).availabilityError).toContain("Minimum order");
    expect((await validate("code=FRETEGRATIS&subtotal=60&isDelivery=false")).availabilityError).toContain("delivery");
    expect((await validate("code=VERAO2025")).availabilityError).toContain("expired");
    const burger = await kit.appToken(kit.burger);
    const acai = await kit.store("POST", "/vouchers/validate?code=ACAI20", {
      token: burger,
      merchant: kit.burger,
      body: [acai500()],
    });
    expect(await kit.data(acai)).toMatchObject({ availabilityError: null, idsCategories: [2004] });
    const noAcai = await kit.store("POST", "/vouchers/validate?code=ACAI20", {
      token: burger,
      merchant: kit.burger,
      body: [smashWithBacon()],
    });
    expect((await kit.data<{ availabilityError: string }>(noAcai)).availabilityError).toContain("categories");
    await kit.error(
      await kit.store("POST", "/vouchers/validate?code=NADA", { token: app, body: [] }),
      404,
      "not_found",
    );
    expect(
      (await kit.error(await kit.store("POST", "/vouchers/validate", { token: app, body: [] }), 400)).message,
    ).toMatch(/^query\.code/);
  });

  it("lists the store's vouchers with what keeps each from applying", async () => {
    type L = { vouchers: { code: string; availabilityError: string | null }[] };
    const list = await get<L>("/vouchers?subtotal=100&isDelivery=true&items[]=1502");
    expect(list.vouchers.map((v) => v.code)).toEqual(["BEMVINDO10", "FRETEGRATIS", "PIZZA15", "PIX5", "VERAO2025"]);
    const pizza15 = list.vouchers.find((v) => v.code === "PIZZA15");
    expect(pizza15?.availabilityError).toContain("categories");
    expect(list.vouchers.find((v) => v.code === "FRETEGRATIS")?.availabilityError).toBeNull();
    expect((await get<L>("/vouchers", ana)).vouchers.map((v) => v.code)).toContain("NIVER-ANA15");
    await kit.error(await kit.store("GET", "/vouchers?isDelivery=maybe", { token: app }), 400, "invalid_request");
  });

  it("a first-order voucher works once", async () => {
    const token = await kit.customerToken(kit.pizzaria, 2);
    const body = orderBody({
      customer: null,
      voucherCode: "BEMVINDO10",
      values: {
        subtotal: { value: 93.9 },
        deliveryFee: { value: 0 },
        serviceFee: { value: 0 },
        discount: { value: 9.39 },
        total: { value: 84.51 },
      },
    });
    expect((await placeOrder(kit, token, body)).values.total).toMatchObject({ value: 84.51 });
    await kit.error(await kit.store("POST", "/orders", { token, body }), 422, "invalid_voucher");
  });
});
