import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CUSTOMER_MESSAGES,
  customerMessageOfAction,
  customerMessageAction,
  customerMessagesFor,
  customerMessageText,
  whatsAppLink,
  type MessageOrder,
} from "./customer-message";

// The wa.me link is the whole integration with WhatsApp: the number must be the customer's
// however it was typed, and the text must arrive as written (accents, "nº", "&", "#", newlines).

const digit = fc.integer({ min: 0, max: 9 }).map(String);
const mobile = fc
  .record({
    ddd: fc.constantFrom("11", "21", "31", "47", "61", "85", "99"),
    rest: fc.array(digit, { minLength: 8, maxLength: 8 }).map((d) => d.join("")),
  })
  .map(({ ddd, rest }) => ({ ddd, subscriber: `9${rest}` }));

/** A Brazilian way of writing the mobile: +55 or not, (DDD) or 0DDD, dashes, spaces. */
const writtenMobile = mobile.chain(({ ddd, subscriber }) =>
  fc
    .record({
      country: fc.constantFrom("", "+55 ", "55", "+55"),
      area: fc.constantFrom(ddd, `(${ddd}) `, `${ddd} `),
      trunk: fc.boolean(),
      dash: fc.constantFrom("", "-", " "),
    })
    .map(({ country, area, trunk, dash }) => ({
      key: `55${ddd}${subscriber}`,
      text: `${trunk ? "0" : country}${area}${subscriber.slice(0, 5)}${dash}${subscriber.slice(5)}`,
    })),
);

const money = fc.integer({ min: 0, max: 500_000 }).map((cents) => ({ value: cents / 100, currency: "BRL" }));
const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });

const order: fc.Arbitrary<MessageOrder> = fc.record({
  displayId: fc.stringMatching(/^[A-Z0-9#&?= -]{1,8}$/),
  type: fc.constantFrom("DELIVERY", "TAKEOUT", "INDOOR"),
  estimatedMinutes: fc.option(fc.integer({ min: 0, max: 240 })),
  review: fc.record({
    items: fc.array(
      fc.record({
        name: text,
        quantity: fc.integer({ min: 1, max: 20 }),
        unit: fc.constant(null),
        instructions: fc.constant(null),
        options: fc.array(fc.record({ name: text, quantity: fc.constant(1) }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    payments: fc.array(
      fc.record({
        method: fc.constantFrom("CASH", "PIX", "CREDIT", null),
        pending: fc.boolean(),
        amount: fc.option(money),
        changeFor: fc.option(money),
      }),
      { maxLength: 1 },
    ),
    total: money,
    customer: fc.record({ name: fc.option(text), phone: fc.constant(null) }),
  }),
});

const formatted = (value: number) => {
  const cents = Math.round(value * 100);
  return `R$ ${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${String(cents % 100).padStart(2, "0")}`;
};

describe("whatsAppLink", () => {
  it("gives one wa.me number for every Brazilian form of the phone", () => {
    fc.assert(
      fc.property(writtenMobile, ({ key, text: phone }) => {
        const link = whatsAppLink(phone, "Olá")!;
        expect(new URL(link).pathname).toBe(`/${key}`);
        expect(link.startsWith(`https://wa.me/${key}?text=`)).toBe(true);
      }),
    );
  });

  it("carries the message exactly: the text decodes back to what was written", () => {
    fc.assert(
      fc.property(mobile, fc.constantFrom(...CUSTOMER_MESSAGES), order, ({ ddd, subscriber }, kind, o) => {
        const message = customerMessageText(kind, o);
        const link = whatsAppLink(`(${ddd}) ${subscriber}`, message)!;
        const query = link.slice(link.indexOf("?") + 1);
        // One parameter only: nothing in the text (& # = ?) broke out of it.
        expect(query.split("&")).toHaveLength(1);
        expect(query).not.toMatch(/[\s#?]/);
        expect(new URL(link).searchParams.get("text")).toBe(message);
      }),
    );
  });

  it("has no link without a Brazilian phone", () => {
    expect(whatsAppLink(null, "x")).toBeNull();
    expect(whatsAppLink("", "x")).toBeNull();
    expect(whatsAppLink("12345", "x")).toBeNull();
    expect(whatsAppLink("+1 212 555 0100", "x")).toBeNull();
  });
});

describe("customerMessageText", () => {
  it("always names the order number and the total", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CUSTOMER_MESSAGES), order, (kind, o) => {
        const message = customerMessageText(kind, o);
        expect(message).toContain(`pedido nº ${o.displayId}`);
        expect(message).toContain(`Total: *${formatted(o.review.total!.value)}*`);
      }),
    );
  });

  it("writes the confirmation in pt-BR with items, payment with troco and the estimate", () => {
    const message = customerMessageText("confirmation", {
      displayId: "1234",
      type: "DELIVERY",
      estimatedMinutes: 40,
      review: {
        customer: { name: "Maria da Silva", phone: "11987654321" },
        items: [
          {
            name: "Pizza grande",
            quantity: 1,
            unit: null,
            instructions: null,
            options: [{ name: "½ Calabresa", quantity: 1 }],
          },
          { name: "Guaraná 2L", quantity: 2, unit: null, instructions: null, options: [] },
        ],
        payments: [
          {
            method: "CASH",
            pending: true,
            amount: { value: 1234.5, currency: "BRL" },
            changeFor: { value: 1300, currency: "BRL" },
          },
        ],
        total: { value: 1234.5, currency: "BRL" },
      },
    });
    expect(message).toBe(
      [
        "Olá, Maria! Recebemos o seu *pedido nº 1234* e já estamos preparando.",
        "",
        "• 1x Pizza grande (½ Calabresa)",
        "• 2x Guaraná 2L",
        "",
        "Total: *R$ 1.234,50*",
        "Pagamento: dinheiro na entrega — troco para R$ 1.300,00",
        "Previsão de entrega: cerca de 40 min",
        "",
        "Obrigado pela preferência!",
      ].join("\n"),
    );
  });

  it("says a pickup's cash is paid at the pickup, a counter's with no place at all", () => {
    const order = (type: string): MessageOrder => ({
      displayId: "W-3",
      type,
      estimatedMinutes: null,
      review: {
        customer: { name: "Talita", phone: null },
        items: [{ name: "Pão de alho", quantity: 2, unit: null, instructions: null, options: [] }],
        payments: [
          {
            method: "CASH",
            pending: true,
            amount: { value: 37.8, currency: "BRL" },
            changeFor: { value: 200, currency: "BRL" },
          },
        ],
        total: { value: 37.8, currency: "BRL" },
      },
    });
    expect(customerMessageText("confirmation", order("TAKEOUT"))).toContain(
      "Pagamento: dinheiro na retirada — troco para R$ 200,00",
    );
    expect(customerMessageText("confirmation", order("INDOOR"))).toContain(
      "Pagamento: dinheiro — troco para R$ 200,00",
    );
  });
});

describe("customerMessagesFor", () => {
  it("offers each message when it makes sense, and 'saiu para entrega' only for a delivery", () => {
    expect(customerMessagesFor({ column: "new", type: "DELIVERY" })).toEqual(["confirmation"]);
    expect(customerMessagesFor({ column: "preparing", type: "TAKEOUT" })).toEqual(["confirmation"]);
    expect(customerMessagesFor({ column: "ready", type: "DELIVERY" })).toEqual(["ready", "outForDelivery"]);
    expect(customerMessagesFor({ column: "ready", type: "TAKEOUT" })).toEqual(["ready"]);
    expect(customerMessagesFor({ column: "dispatched", type: "DELIVERY" })).toEqual(["outForDelivery"]);
    expect(customerMessagesFor({ column: "dispatched", type: "TAKEOUT" })).toEqual([]);
    expect(customerMessagesFor({ column: "cancelled", type: "DELIVERY" })).toEqual([]);
    expect(customerMessagesFor({ column: "done", type: "DELIVERY" })).toEqual([]);
  });

  it("names the action it records and reads it back", () => {
    for (const kind of CUSTOMER_MESSAGES) expect(customerMessageOfAction(customerMessageAction(kind))).toBe(kind);
    expect(customerMessageOfAction("customerMessage:other")).toBeUndefined();
    expect(customerMessageOfAction("confirm")).toBeUndefined();
  });
});
