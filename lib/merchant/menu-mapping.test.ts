import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MenuCategory, MenuItem } from "@/lib/platform/store-api/types";
import type { ImportedMenu } from "./document-ids";
import { catalogueItems, matchItems, mergeCatalogues, normaliseName } from "./menu-mapping";

// The matcher and the merge, pure: what pairs with what, one to one, and what a merge adds.

type Item = { id: number; name: string; code?: string };

const names = ["Pão de alho", "pao de  ALHO", "Bruschetta", "Pudim", "Tiramisù", "tiramisu", "Água 500 ml"];
const codes = ["ENT-1", "ent-1 ", "BEB-2", "SOB-3", ""];
const itemArb = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  name: fc.constantFrom(...names),
  code: fc.option(fc.constantFrom(...codes), { nil: undefined }),
});
// Ids unique within a catalogue, as a store API's are.
const catalogueArb = fc.uniqueArray(itemArb, { selector: (item) => item.id, maxLength: 12 });
const handArb = fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })), { maxLength: 4 });
const codeOf = (item: Item) => item.code?.trim().toUpperCase() ?? "";

describe("matchItems", () => {
  it("is deterministic, one to one, pairs only existing items, and justifies every pair", () => {
    fc.assert(
      fc.property(catalogueArb, catalogueArb, handArb, (restaurant, channel, handList) => {
        const hand = new Map(handList);
        const pairs = matchItems(restaurant, channel, hand);
        expect(matchItems(restaurant, channel, hand)).toEqual(pairs);
        const targets = [...pairs.values()].map((pair) => pair.itemId);
        expect(new Set(targets).size).toBe(targets.length);
        for (const [channelItemId, { itemId, matchedBy }] of pairs) {
          const mine = channel.find((item) => item.id === channelItemId)!;
          const theirs = restaurant.find((item) => item.id === itemId)!;
          expect(mine).toBeDefined();
          expect(theirs).toBeDefined();
          if (matchedBy === "code") expect(codeOf(mine)).toBe(codeOf(theirs));
          if (matchedBy === "code") expect(codeOf(mine)).not.toBe("");
          if (matchedBy === "name") expect(normaliseName(mine.name)).toBe(normaliseName(theirs.name));
          if (matchedBy === "hand") expect(hand.get(channelItemId)).toBe(itemId);
        }
      }),
    );
  });

  it("leaves nothing unpaired that a free restaurant item matches by code or name", () => {
    fc.assert(
      fc.property(catalogueArb, catalogueArb, (restaurant, channel) => {
        const pairs = matchItems(restaurant, channel);
        const taken = new Set([...pairs.values()].map((pair) => pair.itemId));
        const free = restaurant.filter((item) => !taken.has(item.id));
        for (const item of channel.filter((candidate) => !pairs.has(candidate.id)))
          for (const other of free) {
            expect(codeOf(item) !== "" && codeOf(item) === codeOf(other)).toBe(false);
            expect(normaliseName(item.name)).not.toBe(normaliseName(other.name));
          }
      }),
    );
  });

  it("pairs a catalogue with itself item by item when codes or names tell items apart", () => {
    fc.assert(
      fc.property(catalogueArb, (catalogue) => {
        const distinct = catalogue.filter(
          (item, i) => catalogue.findIndex((other) => normaliseName(other.name) === normaliseName(item.name)) === i,
        );
        const pairs = matchItems(distinct, distinct);
        for (const item of distinct) expect(pairs.get(item.id)?.itemId).toBe(item.id);
      }),
    );
  });

  it("prefers the code to the name, and the manager's hand to both", () => {
    const restaurant = [
      { id: 1, name: "Bruschetta", code: "ENT-1" },
      { id: 2, name: "Pão de alho", code: "ENT-2" },
    ];
    // Named like item 2 but coded like item 1: the code wins; then a hand pair wins over the code.
    expect(matchItems(restaurant, [{ id: 9, name: "PAO DE ALHO", code: "ent-1" }])).toEqual(
      new Map([[9, { itemId: 1, matchedBy: "code" }]]),
    );
    expect(matchItems(restaurant, [{ id: 9, name: "PAO DE ALHO", code: "ent-1" }], new Map([[9, 2]]))).toEqual(
      new Map([[9, { itemId: 2, matchedBy: "hand" }]]),
    );
  });
});

const item = (id: number, name: string, code?: string): MenuItem => ({
  id,
  name,
  description: "",
  status: "AVAILABLE",
  price: { value: 10, currency: "BRL" },
  oldPrice: null,
  ...(code ? { code } : {}),
  availabilities: [],
  properties: [],
});
const category = (id: number, name: string, items: MenuItem[]): MenuCategory => ({
  id,
  name,
  description: "",
  status: "ACTIVE",
  isPizzaModule: false,
  items,
});
const catalogue = (categories: MenuCategory[]): ImportedMenu =>
  ({ store: { name: "Loja" }, menu: { categories, pizzaSizes: [] } }) as unknown as ImportedMenu;

describe("mergeCatalogues", () => {
  const a = catalogue([
    category(1, "Entradas", [item(11, "Bruschetta", "ENT-1"), item(12, "Pão de alho", "ENT-2")]),
    category(2, "Bebidas", [item(21, "Água", "BEB-1")]),
  ]);
  // Platform B: its own ids; one by code under another name, one by name only, one of its own
  // whose id the menu already uses, in a category A does not have.
  const b = catalogue([
    category(7, "ENTRADAS", [item(901, "Bruschetta (promoção)", "ENT-1"), item(902, "PAO DE ALHO")]),
    category(8, "Combos", [item(11, "Combo do app", "B-9")]),
  ]);

  it("keeps the base's ids and order, pairs the base with itself, and only pairs a channel that is not a source", () => {
    const { menu, pairs } = mergeCatalogues([{ channelId: "A", imported: a }], [{ channelId: "B", imported: b }]);
    expect(menu.menu.categories).toEqual(a.menu.categories);
    expect(pairs.get("A")!.map((p) => [p.channelItemId, p.itemId, p.matchedBy])).toEqual([
      [11, 11, "added"],
      [12, 12, "added"],
      [21, 21, "added"],
    ]);
    expect(pairs.get("B")!.map((p) => [p.channelItemId, p.itemId, p.matchedBy])).toEqual([
      [901, 11, "code"],
      [902, 12, "name"],
      [11, null, null],
    ]);
  });

  it("adds a later source's unpaired items, under a fresh id when the menu uses theirs", () => {
    const { menu, pairs } = mergeCatalogues(
      [
        { channelId: "A", imported: a },
        { channelId: "B", imported: b },
      ],
      [],
    );
    expect(menu.menu.categories.map((c) => [c.id, c.name, c.items.map((i) => [i.id, i.name])])).toEqual([
      [
        1,
        "Entradas",
        [
          [11, "Bruschetta"],
          [12, "Pão de alho"],
        ],
      ],
      [2, "Bebidas", [[21, "Água"]]],
      [8, "Combos", [[22, "Combo do app"]]],
    ]);
    expect(pairs.get("B")!.at(-1)).toMatchObject({ channelItemId: 11, itemId: 22, matchedBy: "added" });
    expect(catalogueItems(menu).map((i) => i.id)).toEqual([11, 12, 21, 22]);
  });
});
