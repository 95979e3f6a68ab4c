import "server-only";
import { categoryOnSale } from "@/lib/merchant/document";
import type { OwnOrderMenu } from "@/lib/contract/own-order-form";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { menuState, readControls } from "@/lib/merchant/controls";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import type { MenuProperty } from "@/lib/platform/store-api/types";
import { ownOrderSettingsOf } from "@/lib/stores/own-order-settings";
import { centsOf } from "./money";
import { dddOf } from "./phone";

// What the order form sells (GET /api/orders/own/form): the restaurant's imported menu with the
// prices taking the order will charge, and what is sold out now — shown, so the operator can say
// so, and refused when chosen (lib/own-orders/totals.ts refuses it again on the server).

const AVAILABLE = "AVAILABLE";

export async function ownOrderMenu(db: Database, storeId: string): Promise<OwnOrderMenu> {
  const settings = await ownOrderSettingsOf(db, storeId);
  if (!settings) throw new AppError("not_found", "There is no such restaurant.");
  const imported = (await readControls(db, storeId)).menu as ImportedMenu | null;
  // Not imported yet: the form says so (messages ownOrder.errors.menuMissing) rather than failing.
  if (!imported)
    return {
      storeId,
      imported: false,
      pizzaPricing: settings.pizzaPricing,
      defaultDdd: null,
      defaultCity: "",
      items: [],
      pizzaSizes: [],
      areas: [],
    };
  const state = await menuState(db, storeId);
  const properties = (list: readonly MenuProperty[]) =>
    list.map((property) => ({
      id: property.id,
      name: property.name,
      minChoices: property.minChoices,
      maxChoices: property.maxChoices,
      options: property.options.map((option) => ({
        id: option.id,
        name: option.name,
        priceCents: centsOf(option.price),
        soldOut: option.status !== AVAILABLE || state.soldOutOptions.has(option.id),
      })),
    }));
  const delivery = imported.delivery ?? { areas: [], locations: [] };
  return {
    storeId,
    imported: true,
    pizzaPricing: settings.pizzaPricing,
    defaultDdd: dddOf(imported.store.telephone) ?? null,
    defaultCity: imported.store.city ?? "",
    items: imported.menu.categories.flatMap((category) =>
      category.items.map((item) => ({
        id: item.id,
        code: item.code ?? "",
        name: item.name,
        category: category.name,
        priceCents: centsOf(item.price),
        soldOut: item.status !== AVAILABLE || !categoryOnSale(category.status) || state.soldOutItems.has(item.id),
        properties: properties(item.properties),
      })),
    ),
    pizzaSizes: imported.menu.pizzaSizes.map((size) => ({
      id: size.id,
      name: size.name,
      maxFlavors: Math.max(1, size.maximumFlavors ?? 1),
      soldOut: size.status !== AVAILABLE || state.soldOutSizes.has(size.id),
      flavors: size.flavors.map((flavor) => ({
        id: flavor.id,
        name: flavor.name,
        priceCents: centsOf(flavor.price),
        soldOut: flavor.status !== AVAILABLE || state.soldOutFlavors.has(flavor.id),
      })),
      properties: properties(size.properties),
    })),
    areas: [
      ...delivery.locations
        .filter((location) => location.active)
        .map((location) => ({ name: location.neighborhood, feeCents: centsOf(location.fee?.fixedPrice) })),
      ...delivery.areas
        .filter((area) => area.active)
        .map((area) => ({ name: area.name, feeCents: centsOf(area.fee?.fixedPrice) })),
    ],
  };
}
