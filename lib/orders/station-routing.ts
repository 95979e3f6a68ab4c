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
  categories: ReadonlyArray<{
    id: number;
    isPizzaModule: boolean;
    items: ReadonlyArray<{ id: number; name: string; properties: ReadonlyArray<{ options: ReadonlyArray<Named> }> }>;
  }>;
  pizzaSizes: ReadonlyArray<Named>;
}
type Named = { id: number; name: string };

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
  return kitchenLines(stations, routes, menu)?.route ?? null;
}

/** The menu entry a line names: its pizza size or its item (by the store API's id), or null. */
export type LineEntry = { kind: "size" | "item"; id: number } | null;

/**
 * The router, and the menu entry each line names (the key of an item's own preparation time,
 * fire-time.ts): one reading of the menu for both. Null when the store has no stations.
 */
export function kitchenLines(
  stations: readonly Station[],
  routes: readonly StationRoute[],
  menu: RoutableMenu | null,
): { route: LineRouter; entryOf: (line: Pick<KitchenLine, "name" | "code">) => LineEntry } | null {
  const fallback = defaultStation(stations);
  if (!fallback) return null;
  const alive = new Set(stations.map((station) => station.id));
  const routeOf = new Map(
    routes
      .filter((route) => alive.has(route.stationId))
      .map((route) => [`${route.kind}:${route.refId}`, route.stationId]),
  );
  const categoryOfItem = new Map<number, number>();
  for (const category of menu?.categories ?? [])
    for (const item of category.items) categoryOfItem.set(item.id, category.id);
  const items = byName(menu?.categories.flatMap((category) => category.items) ?? []);
  const sizes = byName(menu?.pizzaSizes ?? []);
  const options = byName(
    menu?.categories.flatMap((category) =>
      category.items.flatMap((item) => item.properties.flatMap((p) => p.options)),
    ) ?? [],
  );
  const pizzaCategory = menu?.categories.find((category) => category.isPizzaModule)?.id;

  // A line names the store's own entry by its external code ("item:12", the merchant document's),
  // or else (a platform that sends its own SKUs, a summary stored before codes were kept) by name.
  const refOf = (entry: { name: string; code?: string }, kind: string, named: Map<string, number>) => {
    const ours = parseCode(entry.code);
    return ours ? (ours.kind === kind ? ours.id : undefined) : named.get(nameKey(entry.name));
  };
  const entryOf = (line: Pick<KitchenLine, "name" | "code">): LineEntry => {
    const sizeId = refOf(line, "pizzaSize", sizes);
    if (sizeId !== undefined) return { kind: "size", id: sizeId };
    const itemId = refOf(line, "item", items);
    return itemId === undefined ? null : { kind: "item", id: itemId };
  };
  const mainStation = (line: Pick<KitchenLine, "name" | "code">): number => {
    const entry = entryOf(line);
    if (!entry) return fallback.id;
    const category = entry.kind === "size" ? pizzaCategory : categoryOfItem.get(entry.id);
    return routeOf.get(`${entry.kind}:${entry.id}`) ?? routeOf.get(`category:${category}`) ?? fallback.id;
  };

  const route: LineRouter = (line) => {
    const stationIds = [mainStation(line)];
    for (const option of line.options) {
      const optionId = refOf(option, "option", options);
      const routed = optionId === undefined ? undefined : routeOf.get(`option:${optionId}`);
      if (routed !== undefined && !stationIds.includes(routed)) stationIds.push(routed);
    }
    return stationIds;
  };
  return { route, entryOf };
}

/**
 * A name as matched: case and spaces aside, and without a trailing remark in parentheses, which
 * platforms add to a line ("Pizza Grande (8 fatias)" is the menu's "Pizza Grande").
 */
function nameKey(name: string): string {
  const trimmed = name.trim();
  // No regular expression: a platform's name can be 50,000 characters long.
  const open = trimmed.endsWith(")") ? trimmed.lastIndexOf("(") : -1;
  return (open > 0 ? trimmed.slice(0, open) : trimmed).trim().toLowerCase();
}

/** Name (as matched) → id, the first entry of each name winning (menu order). */
function byName(entries: readonly Named[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const entry of entries) if (!map.has(nameKey(entry.name))) map.set(nameKey(entry.name), entry.id);
  return map;
}
