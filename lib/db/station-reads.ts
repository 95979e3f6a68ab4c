import "server-only";
import { asc, inArray } from "drizzle-orm";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import type { StationsInput } from "@/lib/orders/station-progress";
import type { RouteKind } from "@/lib/contract/stations";
import { lineRouter } from "@/lib/orders/station-routing";
import type { Database, DatabaseTransaction } from "./client";
import { kitchenStations, merchantControls, stationRoutes } from "./schema";

/**
 * Each store's stations and line router, for the projection (lib/stations/routing.ts). Stores
 * without stations are left out: their cards are projected as before stations. Three queries
 * whatever the number of stores; the menu is read only for stores that have stations.
 */
export async function stationsOfStores(
  tx: Database | DatabaseTransaction,
  storeIds: readonly string[],
): Promise<Map<string, StationsInput>> {
  const result = new Map<string, StationsInput>();
  if (storeIds.length === 0) return result;
  const stations = await tx
    .select({
      storeId: kitchenStations.storeId,
      id: kitchenStations.id,
      name: kitchenStations.name,
      isDefault: kitchenStations.isDefault,
    })
    .from(kitchenStations)
    .where(inArray(kitchenStations.storeId, [...storeIds]))
    .orderBy(asc(kitchenStations.position), asc(kitchenStations.id));
  const withStations = [...new Set(stations.map((station) => station.storeId))];
  if (withStations.length === 0) return result;
  const routes = await tx.select().from(stationRoutes).where(inArray(stationRoutes.storeId, withStations));
  const menus = await tx
    .select({ storeId: merchantControls.storeId, menu: merchantControls.menu })
    .from(merchantControls)
    .where(inArray(merchantControls.storeId, withStations));
  for (const storeId of withStations) {
    const list = stations.filter((station) => station.storeId === storeId);
    const imported = menus.find((row) => row.storeId === storeId)?.menu as ImportedMenu | null | undefined;
    const storeRoutes = routes
      .filter((route) => route.storeId === storeId)
      .map((route) => ({ kind: route.kind as RouteKind, refId: route.refId, stationId: route.stationId }));
    const route = lineRouter(list, storeRoutes, imported?.menu ?? null);
    if (route) result.set(storeId, { list: list.map(({ id, name }) => ({ id, name })), route });
  }
  return result;
}
