import "server-only";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Stations, StationsInput } from "@/lib/contract/stations";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrders } from "@/lib/db/order-writes";
import {
  expoSettings,
  itemPrepTimes,
  kitchenStations,
  merchantControls,
  orders,
  stationRoutes,
  stores,
} from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import type { RouteKind } from "@/lib/contract/stations";

/** A store's stations, routes (by the station's place in the list), expo rule and routable menu. */
export async function getStations(db: Database, storeId: string): Promise<Stations> {
  const store = await requireStore(db, storeId);
  const stations = await db
    .select({
      id: kitchenStations.id,
      name: kitchenStations.name,
      isDefault: kitchenStations.isDefault,
      prepMinutes: kitchenStations.prepMinutes,
    })
    .from(kitchenStations)
    .where(eq(kitchenStations.storeId, storeId))
    .orderBy(asc(kitchenStations.position), asc(kitchenStations.id));
  const routes = await db.select().from(stationRoutes).where(eq(stationRoutes.storeId, storeId));
  const prepTimes = await db
    .select({ kind: itemPrepTimes.kind, refId: itemPrepTimes.refId, minutes: itemPrepTimes.minutes })
    .from(itemPrepTimes)
    .where(eq(itemPrepTimes.storeId, storeId))
    .orderBy(asc(itemPrepTimes.kind), asc(itemPrepTimes.refId));
  const [expo] = await db.select().from(expoSettings).where(eq(expoSettings.storeId, storeId));
  const [controls] = await db
    .select({ menu: merchantControls.menu })
    .from(merchantControls)
    .where(eq(merchantControls.storeId, storeId));
  const place = new Map(stations.map((station, index) => [station.id, index]));
  return {
    stations,
    // A route to a station that no longer exists is not shown: its entries go to the default.
    routes: routes.flatMap((route) => {
      const station = place.get(route.stationId);
      return station === undefined ? [] : [{ kind: route.kind as RouteKind, refId: route.refId, station }];
    }),
    expoSkipTypes: (expo?.skipTypes ?? []) as Stations["expoSkipTypes"],
    prepTimes: prepTimes as Stations["prepTimes"],
    storePrepMinutes: store.prepMinutes,
    menu: routableMenu((controls?.menu as ImportedMenu | null) ?? null),
  };
}

/**
 * Replaces the store's stations, routes, expo rule and items' preparation times, then recomputes
 * its active cards (each line's station and fire time and each station's progress are on the
 * card) and announces them.
 */
export async function saveStations(db: Database, storeId: string, input: StationsInput): Promise<Stations> {
  await requireStore(db, storeId);
  await writeBoard(db, async (tx) => {
    const ids = await saveStationList(tx, storeId, input.stations);
    await tx.delete(stationRoutes).where(eq(stationRoutes.storeId, storeId));
    if (input.routes.length > 0)
      await tx.insert(stationRoutes).values(
        input.routes.map((route) => ({
          storeId,
          kind: route.kind,
          refId: route.refId,
          stationId: ids[route.station]!,
        })),
      );
    if (input.prepTimes) {
      await tx.delete(itemPrepTimes).where(eq(itemPrepTimes.storeId, storeId));
      if (input.prepTimes.length > 0)
        await tx.insert(itemPrepTimes).values(input.prepTimes.map((time) => ({ storeId, ...time })));
    }
    await tx
      .insert(expoSettings)
      .values({ storeId, skipTypes: input.expoSkipTypes })
      .onConflictDoUpdate({
        target: expoSettings.storeId,
        set: { skipTypes: input.expoSkipTypes, updatedAt: new Date() },
      });
    const active = await tx
      .select({ id: orders.id, storeId: orders.storeId })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), notInArray(orders.boardColumn, ["done", "cancelled"])));
    return reprojectOrders(tx, active);
  });
  return getStations(db, storeId);
}

/** Updates the listed stations (only this store's), inserts the new, deletes the rest; their ids in order. */
async function saveStationList(
  tx: DatabaseTransaction,
  storeId: string,
  stations: StationsInput["stations"],
): Promise<number[]> {
  const kept = stations.flatMap((station) => (station.id === undefined ? [] : [station.id]));
  await tx
    .delete(kitchenStations)
    .where(
      kept.length === 0
        ? eq(kitchenStations.storeId, storeId)
        : and(eq(kitchenStations.storeId, storeId), notInArray(kitchenStations.id, kept)),
    );
  const owned = new Set(
    kept.length === 0
      ? []
      : (
          await tx
            .select({ id: kitchenStations.id })
            .from(kitchenStations)
            .where(and(eq(kitchenStations.storeId, storeId), inArray(kitchenStations.id, kept)))
        ).map((row) => row.id),
  );
  const ids: number[] = [];
  for (const [position, station] of stations.entries()) {
    const values = {
      name: station.name,
      isDefault: station.isDefault,
      position,
      updatedAt: new Date(),
      ...(station.prepMinutes !== undefined && { prepMinutes: station.prepMinutes }),
    };
    if (station.id !== undefined) {
      // Another store's id is refused, never updated.
      if (!owned.has(station.id))
        throw new AppError("bad_request", `Invalid request — stations: no station ${station.id}.`);
      await tx.update(kitchenStations).set(values).where(eq(kitchenStations.id, station.id));
      ids.push(station.id);
    } else {
      const [row] = await tx
        .insert(kitchenStations)
        .values({ storeId, ...values })
        .returning({ id: kitchenStations.id });
      ids.push(row!.id);
    }
  }
  return ids;
}

async function requireStore(db: Database, storeId: string): Promise<{ prepMinutes: number }> {
  const [row] = await db
    .select({ prepMinutes: stores.defaultPreparationMinutes })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new AppError("not_found", "There is no such store.");
  return row;
}

/** The imported menu's categories (with items), pizza sizes and options (each once), for the form. */
function routableMenu(imported: ImportedMenu | null): Stations["menu"] {
  const menu = imported?.menu;
  const options = new Map<number, { id: number; name: string; group: string }>();
  const properties = [
    ...(menu?.categories ?? []).flatMap((category) => category.items.flatMap((item) => item.properties)),
    ...(menu?.pizzaSizes ?? []).flatMap((size) => size.properties),
  ];
  for (const property of properties)
    for (const option of property.options)
      if (!options.has(option.id)) options.set(option.id, { id: option.id, name: option.name, group: property.name });
  return {
    categories: (menu?.categories ?? []).map((category) => ({
      id: category.id,
      name: category.name,
      items: category.items.map((item) => ({ id: item.id, name: item.name })),
    })),
    sizes: (menu?.pizzaSizes ?? []).map((size) => ({ id: size.id, name: size.name })),
    options: [...options.values()],
  };
}
