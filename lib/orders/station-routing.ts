import type { KitchenLine } from "@/lib/contract/board";
import type { RouteKind } from "@/lib/contract/stations";

/**
 * Which kitchen stations make a line (issue 27 point 7). Pure: the store's stations, routes and
 * imported menu in, a function from a line to its stations out.
 *
 * A line goes to the station of the most specific route: its item's (or pizza size's), else its
 * menu category's, else the default station. An option routed to another station (a drink chosen
 * in a combo) adds that station: the line shows on both, and is done when either bumps it (one
 * mark per line). A route to a deleted station, an unknown code or a line the menu does not know
 * all fall back to the default: every line has at least one station, never none.
 */

/** What routing reads of the store's imported menu (lib/platform/store-api/types.ts StoreMenu). */
export interface RoutableMenu {
  categories: ReadonlyArray<{ id: number; isPizzaModule: boolean; items: ReadonlyArray<{ id: number; name: string }> }>;
}

export interface Station {
  id: number;
  name: string;
  isDefault: boolean;
}
export interface StationRoute {
  kind: RouteKind;
  refId: number;
  stationId: number;
}

export type LineRouter = (line: Pick<KitchenLine, "name" | "code" | "options">) => number[];

/** The default station: the one marked so, else the first. Null when the store has no stations. */
export function defaultStation(stations: readonly Station[]): Station | null {
  return stations.find((station) => station.isDefault) ?? stations[0] ?? null;
}

/** "item:12" → ["item", 12]; anything else (a platform's own SKU) → null. */
function parseCode(code: string | null | undefined): { kind: string; id: number } | null {
  const match = /^(item|pizzaSize|option|flavor):(\d{1,9})$/.exec(code ?? "");
  return match ? { kind: match[1]!, id: Number(match[2]) } : null;
}

/** Null when the store has no stations: the board then works as it did before stations. */
export function lineRouter(
  stations: readonly Station[],
  routes: readonly StationRoute[],
  menu: RoutableMenu | null,
): LineRouter | null {
  const fallback = defaultStation(stations);
  if (!fallback) return null;
  const alive = new Set(stations.map((station) => station.id));
  const routeOf = new Map(
    routes
      .filter((route) => alive.has(route.stationId))
      .map((route) => [`${route.kind}:${route.refId}`, route.stationId]),
  );
  const categoryOfItem = new Map<number, number>();
  const itemByName = new Map<string, number>();
  for (const category of menu?.categories ?? [])
    for (const item of category.items) {
      categoryOfItem.set(item.id, category.id);
      if (!itemByName.has(item.name.toLowerCase())) itemByName.set(item.name.toLowerCase(), item.id);
    }
  const pizzaCategory = menu?.categories.find((category) => category.isPizzaModule)?.id;

  const mainStation = (line: Pick<KitchenLine, "name" | "code">): number => {
    const code = parseCode(line.code);
    if (code?.kind === "pizzaSize")
      return routeOf.get(`size:${code.id}`) ?? routeOf.get(`category:${pizzaCategory}`) ?? fallback.id;
    // A summary stored before lines kept their codes is matched by the item's name.
    const itemId = code?.kind === "item" ? code.id : code ? undefined : itemByName.get(line.name.toLowerCase());
    if (itemId === undefined) return fallback.id;
    return routeOf.get(`item:${itemId}`) ?? routeOf.get(`category:${categoryOfItem.get(itemId)}`) ?? fallback.id;
  };

  return (line) => {
    const stationIds = [mainStation(line)];
    for (const option of line.options) {
      const code = parseCode(option.code);
      const routed = code?.kind === "option" ? routeOf.get(`option:${code.id}`) : undefined;
      if (routed !== undefined && !stationIds.includes(routed)) stationIds.push(routed);
    }
    return stationIds;
  };
}
