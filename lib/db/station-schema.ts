import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

// Part of the schema (lib/db/schema.ts re-exports it): kitchen stations and expo (issue 27 points 7, 8).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A store's kitchen stations (Forno, Chapa, Bebidas…), set by its manager. The id is stable while
 * the station exists: routes, tablets (?station=3) and station printers name it.
 */
export const kitchenStations = pgTable(
  "kitchen_stations",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    /** Takes every line no route sends elsewhere (and every route to a deleted station). */
    isDefault: boolean("is_default").notNull().default(false),
    /** Minutes its lines take unless an item has its own (item_prep_times); null: the store's default. */
    prepMinutes: integer("prep_minutes"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("kitchen_stations_store_idx").on(t.storeId)],
);

/**
 * Where a menu entry's lines go: a category, an item, a pizza size or an option (by the store
 * API's id, as the menu and the lines' external codes name them). No foreign key to the station:
 * a route to a deleted station falls back to the default (lib/stations/routing.ts).
 */
export const stationRoutes = pgTable(
  "station_routes",
  {
    storeId: text("store_id").notNull(),
    kind: text("kind").notNull(),
    refId: integer("ref_id").notNull(),
    stationId: integer("station_id").notNull(),
  },
  (t) => [primaryKey({ name: "station_routes_pk", columns: [t.storeId, t.kind, t.refId] })],
);

/**
 * An item's (or pizza size's) own preparation time, keyed as its route is (kind, the store API's
 * id) but apart from routes: an item has a time whether or not it is routed to a station of its
 * own (hold and fire, docs/kitchen.md). Without a row, its station's time, else the store's.
 */
export const itemPrepTimes = pgTable(
  "item_prep_times",
  {
    storeId: text("store_id").notNull(),
    kind: text("kind").notNull(),
    refId: integer("ref_id").notNull(),
    minutes: integer("minutes").notNull(),
  },
  (t) => [primaryKey({ name: "item_prep_times_pk", columns: [t.storeId, t.kind, t.refId] })],
);

/** A store's expo rule: the order types whose single-station orders skip expo (empty: none do). */
export const expoSettings = pgTable("expo_settings", {
  storeId: text("store_id").primaryKey(),
  skipTypes: jsonb("skip_types").$type<string[]>().notNull().default([]),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
