import "server-only";
import { and, asc, inArray, isNotNull, sql } from "drizzle-orm";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import type { StationsInput } from "@/lib/orders/station-progress";
import type { RouteKind } from "@/lib/contract/stations";
import { linePrepMinutes } from "@/lib/orders/fire-time";
import { DEFAULT_PREPARATION_MINUTES } from "@/lib/orders/projection";
import { kitchenLines } from "@/lib/orders/station-routing";
import { isAnyOf } from "./bulk";
import type { Database, DatabaseTransaction } from "./client";
import { itemPrepTimes, kitchenStations, menuMappings, merchantControls, stationRoutes, stores } from "./schema";

/** A store's kitchen station as the projection needs it. */
export interface KitchenStationRow {
  storeId: string;
  id: number;
  name: string;
  isDefault: boolean;
  prepMinutes: number | null;
}

/**
 * The stores' stations as a JSON array in their order (position, then id), for a caller that
 * reads them inside a statement of its own (lib/db/order-writes.ts): stationsOfStores' first read.
 */
export const kitchenStationsJson = (storeIds: readonly string[]) =>
  sql`(select coalesce(json_agg(json_build_object('storeId', ${kitchenStations.storeId}, 'id', ${kitchenStations.id},
      'name', ${kitchenStations.name}, 'isDefault', ${kitchenStations.isDefault}, 'prepMinutes', ${kitchenStations.prepMinutes})
      order by ${kitchenStations.position}, ${kitchenStations.id}), '[]')
    from ${kitchenStations} where ${isAnyOf(kitchenStations.storeId, storeIds)})`;

/**
 * Each store's stations, line router and lines' preparation times (hold and fire), for the
 * projection (lib/orders/station-routing.ts, fire-time.ts). Stores without stations are left
 * out: their cards are projected as before stations. Six queries whatever the number of stores;
 * the rest is read only for stores that have stations.
 */
export async function stationsOfStores(
  tx: Database | DatabaseTransaction,
  storeIds: readonly string[],
  /** The stores' stations when the caller read them already (kitchenStationsJson, in a statement of its own). */
  read?: readonly KitchenStationRow[],
): Promise<Map<string, StationsInput>> {
  const result = new Map<string, StationsInput>();
  if (storeIds.length === 0) return result;
  const stations =
    read ??
    (await tx
      .select({
        storeId: kitchenStations.storeId,
        id: kitchenStations.id,
        name: kitchenStations.name,
        isDefault: kitchenStations.isDefault,
        prepMinutes: kitchenStations.prepMinutes,
      })
      .from(kitchenStations)
      .where(inArray(kitchenStations.storeId, [...storeIds]))
      .orderBy(asc(kitchenStations.position), asc(kitchenStations.id)));
  const withStations = [...new Set(stations.map((station) => station.storeId))];
  if (withStations.length === 0) return result;
  const routes = await tx.select().from(stationRoutes).where(inArray(stationRoutes.storeId, withStations));
  const menus = await tx
    .select({ storeId: merchantControls.storeId, menu: merchantControls.menu })
    .from(merchantControls)
    .where(inArray(merchantControls.storeId, withStations));
  const itemTimes = await tx.select().from(itemPrepTimes).where(inArray(itemPrepTimes.storeId, withStations));
  const storeTimes = await tx
    .select({ id: stores.id, minutes: stores.defaultPreparationMinutes })
    .from(stores)
    .where(inArray(stores.id, withStations));
  const pairs = await tx
    .select({
      storeId: menuMappings.storeId,
      channelId: menuMappings.channelId,
      channelItemId: menuMappings.channelItemId,
      itemId: menuMappings.itemId,
    })
    .from(menuMappings)
    .where(and(inArray(menuMappings.storeId, withStations), isNotNull(menuMappings.itemId)));
  for (const storeId of withStations) {
    const list = stations.filter((station) => station.storeId === storeId);
    const imported = menus.find((row) => row.storeId === storeId)?.menu as ImportedMenu | null | undefined;
    const storeRoutes = routes
      .filter((route) => route.storeId === storeId)
      .map((route) => ({ kind: route.kind as RouteKind, refId: route.refId, stationId: route.stationId }));
    const lines = kitchenLines(list, storeRoutes, imported?.menu ?? null);
    if (!lines) continue;
    const prepMinutes = linePrepMinutes(
      {
        storeMinutes: storeTimes.find((row) => row.id === storeId)?.minutes ?? DEFAULT_PREPARATION_MINUTES,
        stationMinutes: new Map(list.map((station) => [station.id, station.prepMinutes])),
        itemMinutes: new Map(
          itemTimes.filter((row) => row.storeId === storeId).map((row) => [`${row.kind}:${row.refId}`, row.minutes]),
        ),
      },
      lines.route,
      lines.entryOf,
    );
    const channelPairs = new Map<string, Map<number, number>>();
    for (const pair of pairs.filter((row) => row.storeId === storeId)) {
      const channel = channelPairs.get(pair.channelId) ?? new Map<number, number>();
      channelPairs.set(pair.channelId, channel.set(pair.channelItemId, pair.itemId!));
    }
    result.set(storeId, {
      list: list.map(({ id, name }) => ({ id, name })),
      route: lines.route,
      prepMinutes,
      channelPairs,
    });
  }
  return result;
}
