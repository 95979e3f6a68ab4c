import type { RoutableMenu } from "./station-routing";

/**
 * A small store menu for the stations' tests, shaped as the store API's (StoreMenu): pizzas (the
 * pizza module), burgers and drinks.
 */
export function testMenu() {
  const item = (id: number, name: string, options: { id: number; name: string }[] = []) => ({
    id,
    name,
    description: "",
    status: "AVAILABLE",
    price: null,
    oldPrice: null,
    availabilities: [],
    properties: options.length
      ? [
          {
            id: id * 10,
            name: "Bebida do combo",
            minChoices: 0,
            maxChoices: 1,
            options: options.map((o) => ({ ...o, status: "AVAILABLE", price: null })),
          },
        ]
      : [],
  });
  const category = (id: number, name: string, items: ReturnType<typeof item>[], isPizzaModule = false) => ({
    id,
    name,
    description: "",
    status: "AVAILABLE",
    isPizzaModule,
    items,
  });
  const menu = {
    categories: [
      category(1, "Pizzas", [], true),
      category(2, "Lanches", [item(21, "X-Burger"), item(22, "Combo X-Burger", [{ id: 901, name: "Coca-Cola lata" }])]),
      category(3, "Bebidas", [item(31, "Coca-Cola lata"), item(32, "Suco de laranja")]),
      category(4, "Sobremesas", [item(41, "Pudim")]),
    ],
    pizzaSizes: [
      {
        id: 7,
        name: "Pizza Grande",
        description: "",
        status: "AVAILABLE",
        slices: 8,
        maximumFlavors: 2,
        priceCalculationType: "HIGHEST",
        flavors: [],
        properties: [],
      },
    ],
  };
  return menu satisfies RoutableMenu;
}
