import { describe, expect, it } from "vitest";
import { ownOrderInputSchema } from "@/lib/contract/own-order";
import { defaultChoices, linesFrom, newDraft, parseReais, readyToPrice, samePhone, toInput, type Draft } from "./draft";

let ids = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`;

function draft(change: Partial<Draft> = {}): Draft {
  return { ...newDraft(uuid, "São Paulo"), ...change };
}

describe("parseReais", () => {
  it("reads amounts as people type them, in cents, without floating point", () => {
    expect(parseReais("100")).toBe(10_000);
    expect(parseReais("100,5")).toBe(10_050);
    expect(parseReais("R$ 1.234,56")).toBe(123_456);
    expect(parseReais("0,07")).toBe(7);
  });
  it("says blank is no troco and refuses what is not an amount", () => {
    expect(parseReais("  ")).toBeNull();
    expect(parseReais("12,345")).toBeUndefined();
    expect(parseReais("abc")).toBeUndefined();
    expect(parseReais("1.23")).toBeUndefined();
  });
});

describe("toInput", () => {
  const pizza = {
    key: "a",
    kind: "pizza" as const,
    menuId: 1203,
    flavorIds: [1301, 1302],
    quantity: 1,
    choices: { "1102": [110201] },
    note: " sem cebola ",
  };

  it("sends what the contract takes: lines, address, troco in cents, the idempotency key", () => {
    const input = toInput(
      draft({
        phone: "(31) 99123-4567",
        name: "Ana",
        address: { ...newDraft(uuid).address, street: "Rua A", number: "1", district: "Pinheiros", city: "SP" },
        lines: [pizza, { ...pizza, key: "b", kind: "item", menuId: 1501, flavorIds: [], choices: {}, note: "" }],
        changeFor: "200",
      }),
      "store-1",
    );
    expect(ownOrderInputSchema.parse(input)).toMatchObject({
      storeId: "store-1",
      type: "delivery",
      customer: { phone: "(31) 99123-4567", name: "Ana" },
      address: { street: "Rua A", district: "Pinheiros" },
      items: [
        { kind: "pizza", sizeId: 1203, flavorIds: [1301, 1302], note: "sem cebola", options: [{ optionId: 110201 }] },
        { kind: "item", itemId: 1501 },
      ],
      payment: { method: "CASH", changeForCents: 20_000 },
    });
    expect(input.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("prices by the district alone, without notes or key, so a typed note asks for no new price", () => {
    const input = toInput(
      draft({ lines: [pizza], address: { ...newDraft(uuid).address, district: "Pinheiros" } }),
      "store-1",
      { forQuote: true },
    );
    expect(ownOrderInputSchema.parse(input).address).toMatchObject({ district: "Pinheiros", street: "-" });
    expect(input.items[0]).not.toHaveProperty("note");
    expect(input).not.toHaveProperty("idempotencyKey");
  });

  it("sends no troco but for cash", () => {
    expect(toInput(draft({ method: "PIX", changeFor: "50" }), "s").payment).toEqual({ method: "PIX" });
  });

  it("gives two drafts two keys: two people, two orders", () => {
    expect(draft().idempotencyKey).not.toBe(draft().idempotencyKey);
  });
});

describe("the form's small rules", () => {
  it("prices a draft once every pizza has a flavour", () => {
    const line = { key: "a", kind: "pizza" as const, menuId: 1, flavorIds: [], quantity: 1, choices: {}, note: "" };
    expect(readyToPrice(draft())).toBe(false);
    expect(readyToPrice(draft({ lines: [line] }))).toBe(false);
    expect(readyToPrice(draft({ lines: [{ ...line, flavorIds: [2] }] }))).toBe(true);
  });

  it("starts a required choice at its first option on sale, an optional one at none", () => {
    const option = (id: number, soldOut = false) => ({ id, name: `o${id}`, priceCents: 0, soldOut });
    expect(
      defaultChoices([
        { id: 1, name: "Massa", minChoices: 1, maxChoices: 1, options: [option(10, true), option(11)] },
        { id: 2, name: "Borda", minChoices: 0, maxChoices: 1, options: [option(20)] },
      ]),
    ).toEqual({ "1": [11] });
  });

  it("knows a number in another form as the same customer", () => {
    expect(samePhone("+55 31 99123-4567", "(31) 99123-4567")).toBe(true);
    expect(samePhone("3199123-4568", "(31) 99123-4567")).toBe(false);
    expect(samePhone("4567", "(31) 99123-4567")).toBe(false);
  });
});

describe("linesFrom", () => {
  it("puts a repeated order's options back under their properties", () => {
    const option = (id: number) => ({ id, name: `o${id}`, priceCents: 0, soldOut: false });
    const menu = {
      items: [],
      pizzaSizes: [
        {
          id: 7,
          name: "Grande",
          maxFlavors: 2,
          soldOut: false,
          flavors: [],
          properties: [{ id: 70, name: "Massa", minChoices: 1, maxChoices: 1, options: [option(701), option(702)] }],
        },
      ],
    };
    const [line] = linesFrom(
      [
        {
          kind: "pizza",
          sizeId: 7,
          flavorIds: [1, 2],
          quantity: 2,
          options: [{ optionId: 702, quantity: 1 }],
          note: "x",
        },
      ],
      menu,
      uuid,
    );
    expect(line).toMatchObject({
      kind: "pizza",
      menuId: 7,
      flavorIds: [1, 2],
      quantity: 2,
      choices: { "70": [702] },
      note: "x",
    });
  });
});
