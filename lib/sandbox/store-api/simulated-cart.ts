import type { ItemDef, PropertyDef, StoreDef } from "../catalog/types";
import { pickDistinct, type Rng } from "../random";
import { money } from "./money";
import type { UnpricedOrderInput } from "./order-create";
import { isAvailableAt } from "./time";

// What a simulated customer puts in the cart: a main (a pizza at the pizzeria; burgers, combos
// or açaí at the other store), sometimes a side or a drink, with valid choices for every property.

type Line = UnpricedOrderInput["items"][number];
type PizzaLine = UnpricedOrderInput["pizzaItems"][number];

const mostlyOne = (rng: Rng) => (rng.chance(0.8) ? 1 : 2);

const pizzaNotes = ["sem cebola", "bem assada", "cortar em 16 pedaços", "sem azeitona"];
const kitchenNotes = ["sem cebola", "molho à parte", "sem picles", "complementos separados"];
const note = (rng: Rng, notes: readonly string[]) => (rng.chance(0.2) ? { observation: rng.pick(notes) } : {});

function chooseProperties(rng: Rng, properties: readonly PropertyDef[]): Line["properties"] {
  return properties.flatMap((p) => {
    const available = p.options.filter((o) => (o.status ?? "AVAILABLE") === "AVAILABLE");
    const count =
      p.min > 0
        ? rng.int(p.min, Math.min(p.max, Math.max(p.min, 2)))
        : rng.chance(0.4)
          ? rng.int(1, Math.min(p.max, 3))
          : 0;
    const options = pickDistinct(rng, available, count).map((o) => ({
      optionId: o.id,
      amount: p.maxEach > 1 && rng.chance(0.2) ? 2 : 1,
      price: money(o.priceCents),
    }));
    return options.length > 0 ? [{ propertyId: p.id, options }] : [];
  });
}

const itemLine = (rng: Rng, item: ItemDef, notes: readonly string[] = []): Line => ({
  itemId: item.id,
  amount: mostlyOne(rng),
  properties: chooseProperties(rng, item.properties ?? []),
  ...(notes.length > 0 ? note(rng, notes) : {}),
});

function pizzaLine(rng: Rng, store: StoreDef, at: Date): PizzaLine | undefined {
  const size = rng.pick(store.pizzaSizes);
  const sweet = rng.chance(0.15);
  const flavors = store.flavors.filter(
    (f) =>
      (f.status ?? "AVAILABLE") === "AVAILABLE" && isAvailableAt(f.availabilities, at) && (f.tier === "DOCE") === sweet,
  );
  const picked = pickDistinct(rng, flavors, rng.int(1, size.maximumFlavors));
  if (picked.length === 0) return undefined;
  return {
    pizzaSizeId: size.id,
    amount: 1,
    flavors: picked.map((f) => ({ pizzaFlavorId: f.id })),
    properties: chooseProperties(rng, size.properties),
    ...note(rng, pizzaNotes),
  };
}

export function simulatedCart(rng: Rng, store: StoreDef, at: Date): { items: Line[]; pizzaItems: PizzaLine[] } {
  const available = (items: readonly ItemDef[]) =>
    items.filter((i) => (i.status ?? "AVAILABLE") === "AVAILABLE" && isAvailableAt(i.availabilities, at));
  const mains = available(store.categories.filter((c) => c.main).flatMap((c) => c.items));
  const extras = available(store.categories.filter((c) => !c.main && !c.isPizzaModule).flatMap((c) => c.items));
  const items: Line[] = [];
  const pizzaItems: PizzaLine[] = [];
  if (store.pizzaSizes.length > 0) {
    for (let i = 0; i < (rng.chance(0.3) ? 2 : 1); i++) {
      const pizza = pizzaLine(rng, store, at);
      if (pizza) pizzaItems.push(pizza);
    }
  } else {
    for (const item of pickDistinct(rng, mains, rng.int(1, 2))) items.push(itemLine(rng, item, kitchenNotes));
  }
  for (const item of pickDistinct(rng, extras, rng.int(0, 2))) items.push(itemLine(rng, item));
  return { items, pizzaItems };
}
