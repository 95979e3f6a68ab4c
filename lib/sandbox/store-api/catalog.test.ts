import { describe, expect, it } from "vitest";
import { sharedStoreKit } from "../../../e2e/support/sandbox/store-kit";

// Catalogue operations: categories, items, item, search and pizza sizes, with their defaults
// (offset 0, limit 30) and their 4xx answers.

const kit = sharedStoreKit();

const get = async <T = Record<string, unknown>>(path: string, merchant = kit.pizzaria) =>
  kit.data<T>(
    await kit.store("GET", path, {
      token: merchant === kit.pizzaria ? kit.app : await kit.appToken(merchant),
      merchant,
    }),
  );
const failing = async (path: string, status: number, code?: string) =>
  (await kit.error(await kit.store("GET", path, { token: kit.app }), status, code)).message;

type Item = {
  id: number;
  name: string;
  price: { value: number };
  itemProperties?: { name: string; comboMinChoices: number; itemPropertyOptions: unknown[] }[];
  categories?: { id: number }[];
};

describe("GET /store-api/v1/catalog/categories", () => {
  it("lists the store's categories with offset 0 and limit 30 by default", async () => {
    const data = await get<{ categories: { id: number; name: string; isPizzaModule: boolean }[]; pagination: unknown }>(
      "/catalog/categories",
    );
    expect(data.pagination).toEqual({ currentOffset: 0, limit: 30, totalItems: 4 });
    expect(data.categories.map((c) => c.name)).toEqual(["Pizzas", "Entradas", "Bebidas", "Sobremesas"]);
    expect(data.categories[0]?.isPizzaModule).toBe(true);
  });

  it("pages and rejects a negative offset or a zero limit", async () => {
    const data = await get<{ categories: { name: string }[] }>("/catalog/categories?offset=1&limit=2");
    expect(data.categories.map((c) => c.name)).toEqual(["Entradas", "Bebidas"]);
    expect(await failing("/catalog/categories?offset=-1", 400, "invalid_request")).toMatch(/^query\.offset/);
    expect(await failing("/catalog/categories?limit=0", 400, "invalid_request")).toMatch(/^query\.limit/);
  });
});

describe("GET /store-api/v1/catalog/categories/{categoryId}/items", () => {
  it("lists items without properties unless include=properties", async () => {
    const plain = await get<{ items: Item[]; pagination: unknown }>("/catalog/categories/2001/items", kit.burger);
    expect(plain.items.map((i) => i.name)).toEqual([
      "Smash Burger",
      "Smash Duplo",
      "Chicken Crispy",
      "Veggie de grão-de-bico",
    ]);
    expect(plain.items[0]?.itemProperties).toBeUndefined();
    expect(plain.pagination).toEqual({ currentOffset: 0, limit: 30, totalItems: 4 });
    const full = await get<{ items: Item[] }>("/catalog/categories/2001/items?include=properties&limit=1", kit.burger);
    expect(full.items).toHaveLength(1);
    expect(full.items[0]?.itemProperties?.map((p) => [p.name, p.comboMinChoices])).toEqual([
      ["Ponto da carne", 1],
      ["Adicionais", 0],
    ]);
  });

  it("answers 404 for an unknown category and 400 for a bad include or id", async () => {
    await failing("/catalog/categories/999/items", 404, "not_found");
    expect(await failing("/catalog/categories/1003/items?include=everything", 400, "invalid_request")).toMatch(
      /^query\.include/,
    );
    expect(await failing("/catalog/categories/bebidas/items", 400, "invalid_request")).toMatch(/^categoryId/);
  });
});

describe("GET /store-api/v1/catalog/items/{itemId}", () => {
  it("returns the item with its properties and availability periods", async () => {
    const item = await get<Item & { itemAvailabilities: { weekday: number; periodStart: string }[] }>(
      "/catalog/items/1403",
    );
    expect(item).toMatchObject({
      id: 1403,
      customCode: "ENT-CALZONE-EXEC",
      price: { value: 32.9, currency: "BRL" },
      itemProperties: [],
    });
    expect(item.itemAvailabilities.map((a) => a.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(item.itemAvailabilities[0]?.periodStart).toBe("11:00:00-03:00");
  });

  it("answers 404 for an item of another store", async () => {
    await failing("/catalog/items/2201", 404, "not_found");
  });
});

describe("GET /store-api/v1/catalog/search", () => {
  it("finds items by words, accents ignored, with their categories", async () => {
    const data = await get<{ items: Item[] }>("/catalog/search?query=acai", kit.burger);
    expect(data.items.map((i) => i.name)).toEqual(["Açaí 300 ml", "Açaí 500 ml", "Açaí 700 ml"]);
    expect(data.items[0]?.categories?.map((c) => c.id)).toEqual([2004]);
    expect((await get<{ items: Item[] }>("/catalog/search?query=acai&limit=1", kit.burger)).items).toHaveLength(1);
  });

  it("needs a query", async () => {
    expect(await failing("/catalog/search", 400, "invalid_request")).toMatch(/^query\.query/);
  });
});

describe("GET /store-api/v1/catalog/pizza-sizes", () => {
  it("lists sizes with savory and sweet flavors priced for each size, and crusts", async () => {
    type Size = {
      name: string;
      maximumFlavors: number;
      priceCalculationType: string;
      savoryFlavors: { name: string; price: { value: number }; status: string }[];
      sweetFlavors: { name: string }[];
      properties: { name: string }[];
    };
    const { pizzaSizes } = await get<{ pizzaSizes: Size[] }>("/catalog/pizza-sizes");
    expect(pizzaSizes.map((s) => [s.name, s.maximumFlavors])).toEqual([
      ["Pizza Broto", 1],
      ["Pizza Média", 2],
      ["Pizza Grande", 2],
      ["Pizza Família", 3],
    ]);
    const grande = pizzaSizes[2]!;
    expect(grande.priceCalculationType).toBe("HIGHEST");
    expect(grande.savoryFlavors.find((f) => f.name === "Calabresa")?.price.value).toBe(54.9);
    expect(grande.savoryFlavors.find((f) => f.name === "Camarão")?.status).toBe("UNAVAILABLE");
    expect(grande.sweetFlavors.map((f) => f.name)).toContain("Brigadeiro");
    expect(grande.properties.map((p) => p.name)).toEqual(["Massa", "Borda"]);
    expect((await get<{ pizzaSizes: Size[] }>("/catalog/pizza-sizes", kit.burger)).pizzaSizes).toEqual([]);
  });
});
