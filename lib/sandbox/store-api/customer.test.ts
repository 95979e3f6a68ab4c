import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody, placeOrder } from "../../../e2e/support/sandbox/store-orders";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// The customer account: profile, sign-up, preferences, password, notifications, saved cards.

let kit: StoreKit;
let ana: string;
beforeAll(async () => {
  kit = await startStoreKit();
  ana = await kit.customerToken();
});
afterAll(async () => {
  await kit.close();
});

const signUp = {
  firstName: "Beatriz",
  lastName: "Gomes",
  email: "bia.gomes@example.com.br",
  telephone: "11955554444",
  password: "senha-segura-1",
  receivePromotionalEmail: false,
  birthDate: "1995-02-10",
  document: null,
};

describe("customer profile", () => {
  it("returns and updates the logged-in customer", async () => {
    expect(await kit.data(await kit.store("GET", "/customers/me", { token: ana }))).toMatchObject({
      id: 1001,
      firstName: "Ana Beatriz",
      email: "ana.souza@example.com.br",
      idempotencyKey: null,
    });
    const updated = await kit.data(
      await kit.store("PATCH", "/customers/me", { token: ana, body: { telephone: "11911112222", lastName: null } }),
    );
    expect(updated).toMatchObject({ telephone: "11911112222", lastName: "Souza" });
    expect(
      (
        await kit.error(
          await kit.store("PATCH", "/customers/me", { token: ana, body: { email: "nope" } }),
          400,
          "invalid_request",
        )
      ).message,
    ).toMatch(/^email/);
  });

  it("signs a customer up, who can then log in with the password grant", async () => {
    const app = await kit.appToken();
    const created = await kit.data<{ id: number }>(
      await kit.store("POST", "/customers", { token: app, body: signUp }),
      201,
    );
    expect(created).toMatchObject({ firstName: "Beatriz", email: signUp.email, birthDate: "1995-02-10" });
    const login = kit.sandbox.platform.state
      .merchant(kit.pizzaria.merchantId)
      ?.customers.find((c) => c.customerId === created.id);
    expect(login?.username).toBe(signUp.email);
    const index = kit.pizzaria.customers.findIndex((c) => c.customerId === created.id);
    const token = await kit.customerToken(kit.pizzaria, index);
    expect(await kit.data(await kit.store("GET", "/customers/me", { token }))).toMatchObject({
      id: created.id,
      lastName: "Gomes",
    });
    await kit.error(await kit.store("POST", "/customers", { token: app, body: signUp }), 409, "conflict");
    expect(
      (
        await kit.error(
          await kit.store("POST", "/customers", { token: app, body: { ...signUp, password: "curta" } }),
          400,
          "invalid_request",
        )
      ).message,
    ).toMatch(/^password/);
  });
});

describe("preferences and password", () => {
  it("keeps notifications on only for customers in the app (X-App-Version)", async () => {
    const body = { emailActive: true, notificationActive: true };
    expect(
      await kit.data(await kit.store("PUT", "/customers/me/communication-preferences", { token: ana, body })),
    ).toEqual({ hasApp: true, emailActive: true, notificationActive: false });
    const inApp = await kit.store("PUT", "/customers/me/communication-preferences", {
      token: ana,
      body,
      headers: { "x-app-version": "3.2.0" },
    });
    expect(await kit.data(inApp)).toEqual({ hasApp: true, emailActive: true, notificationActive: true });
    expect(
      (
        await kit.error(
          await kit.store("PUT", "/customers/me/communication-preferences", {
            token: ana,
            body: { emailActive: true },
          }),
          400,
        )
      ).message,
    ).toMatch(/^notificationActive/);
  });

  it("changes the password only with the current one", async () => {
    const joao = await kit.customerToken(kit.pizzaria, 1);
    const login = kit.sandbox.platform.state.merchant(kit.pizzaria.merchantId)!.customers[1]!;
    await kit.error(
      await kit.store("PUT", "/customers/me/password", {
        token: joao,
        body: { currentPassword: "wrong", newPassword: "nova-senha-123" },
      }),
      422,
      "wrong_password",
    );
    const changed = await kit.store("PUT", "/customers/me/password", {
      token: joao,
      body: { currentPassword: login.password, newPassword: "nova-senha-123" },
    });
    expect(await changed.json()).toEqual({ status: "success" });
    expect(login.password).toBe("nova-senha-123");
  });
});

describe("notifications", () => {
  it("tells the customer what happened to their orders, newest first, 10 by default", async () => {
    const token = await kit.customerToken(kit.pizzaria, 2);
    for (let i = 0; i < 6; i++) {
      const order = await placeOrder(kit, token, orderBody({ customer: null }));
      await kit.call("POST", `/v1/orders/${order.interchangeOrderId}/confirm`, {
        token: await kit.token(kit.pizzaria),
      });
    }
    type N = { notifications: { title: string; created: string; customData: { type: string; order_id: number } }[] };
    const data = await kit.data<N>(await kit.store("GET", "/customers/me/notifications", { token }));
    expect(data.notifications).toHaveLength(10);
    expect(data.notifications[0]?.customData.type).toBe("order_changed");
    expect(new Set(data.notifications.map((n) => n.title))).toEqual(new Set(["Pedido recebido", "Pedido aceito"]));
    const few = await kit.data<N>(
      await kit.store("GET", "/customers/me/notifications?limit=3&before=2030-01-01T00:00:00Z", { token }),
    );
    expect(few.notifications).toHaveLength(3);
    const none = await kit.data<N>(
      await kit.store("GET", "/customers/me/notifications?before=2026-01-01T00:00:00Z", { token }),
    );
    expect(none.notifications).toEqual([]);
    await kit.error(await kit.store("GET", "/customers/me/notifications?limit=0", { token }), 400, "invalid_request");
  });
});

describe("saved cards", () => {
  const card = {
    number: "5555666677778884",
    expiryMonth: 3,
    expiryYear: 2029,
    holderName: "ANA B SOUZA",
    document: "52998224725",
    verificationCode: "321",
  };

  it("saves a card (brand, last digits, first is primary) and lists it", async () => {
    const saved = await kit.data(await kit.store("POST", "/customers/me/creditcards", { token: ana, body: card }), 201);
    expect(saved).toMatchObject({
      brand: { encodedName: "mastercard" },
      lastNumbers: 8884,
      expiryYear: 2029,
      isPrimary: true,
      billingAddress: null,
    });
    const list = await kit.data<{ creditcards: { lastNumbers: number }[] }>(
      await kit.store("GET", "/customers/me/creditcards", { token: ana }),
    );
    expect(list.creditcards.map((c) => c.lastNumbers)).toContain(8884);
  });

  it("refuses invalid, expired or unaccepted cards", async () => {
    const post = (body: unknown) => kit.store("POST", "/customers/me/creditcards", { token: ana, body });
    expect((await kit.error(await post({ ...card, number: "5555666677778885" }), 422, "invalid_card")).message).toMatch(
      /^number/,
    );
    expect((await kit.error(await post({ ...card, expiryYear: 2025 }), 422, "card_expired")).message).toMatch(
      /^expiryYear/,
    );
    await kit.error(await post({ ...card, number: "6011111111111117" }), 422, "card_brand_not_accepted");
    expect((await kit.error(await post({ ...card, expiryMonth: 13 }), 400, "invalid_request")).message).toMatch(
      /^expiryMonth/,
    );
  });
});
