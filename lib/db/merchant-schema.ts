import { sql } from "drizzle-orm";
import type { SoldOutKind } from "@/lib/contract/board-values";
import type { PacingReason } from "@/lib/contract/merchant-state";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Part of the schema (lib/db/schema.ts re-exports it), kept apart to keep that file readable.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// Merchant controls (issue 15): the store's merchant endpoint, pause, busy mode, sold out, auto-accept.

/** One row per store: its merchant endpoint's key (hashed), imported menu, pause and busy mode. */
export const merchantControls = pgTable("merchant_controls", {
  storeId: text("store_id").primaryKey(),
  /** sha256 hex of the apiKey (the key itself is shown once, never stored). */
  apiKeyHash: text("api_key_hash"),
  apiKeyCreatedAt: timestamptz("api_key_created_at"),
  /** The store API's catalogue and store data as last imported (lib/merchant/menu-import.ts). */
  menu: jsonb("menu"),
  menuImportedAt: timestamptz("menu_imported_at"),
  paused: boolean("paused").notNull().default(false),
  /** null while paused: until reopened by hand. */
  pausedUntil: timestamptz("paused_until"),
  pauseReason: text("pause_reason"),
  pausedBy: text("paused_by"),
  pausedAt: timestamptz("paused_at"),
  busyMinutes: integer("busy_minutes").notNull().default(0),
  /** Who set the busy minutes (0016): a person's id, or "pacing" for the automatic ones. */
  busyBy: text("busy_by"),
  /** The load behind pacing's last change (0016): the board says why it is busy or paused. */
  pacingReason: jsonb("pacing_reason").$type<PacingReason>(),
  /** A person undid an automatic change (0016): pacing keeps out until the load falls. */
  pacingHeld: boolean("pacing_held").notNull().default(false),
  autoAccept: jsonb("auto_accept"),
  onboardedAt: timestamptz("onboarded_at"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/** What is sold out ("86") per store: store API item, option, pizza size or flavour ids, until a time or restocked. */
export const merchantSoldOut = pgTable(
  "merchant_sold_out",
  {
    storeId: text("store_id").notNull(),
    kind: text("kind").$type<SoldOutKind>().notNull(),
    refId: integer("ref_id").notNull(),
    name: text("name").notNull(),
    until: timestamptz("until"),
    markedBy: text("marked_by"),
    markedAt: timestamptz("marked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "merchant_sold_out_pk", columns: [t.storeId, t.kind, t.refId] })],
);

/**
 * "Só restam N" (issue 29): how many of a restaurant item are left to sell, set by a cook (0029).
 * `quantity` is what was set at `setAt`; what is left is that less the units of the orders taken
 * since (lib/merchant/stock.ts). `version` goes up with every change: a change names the version
 * it saw, so two tablets setting it at once give one result, the other told to look again.
 */
export const itemStock = pgTable(
  "item_stock",
  {
    storeId: text("store_id").notNull(),
    /** The restaurant's menu item (its imported menu's id). */
    itemId: integer("item_id").notNull(),
    quantity: integer("quantity").notNull(),
    setAt: timestamptz("set_at").notNull(),
    setBy: text("set_by"),
    version: integer("version").notNull().default(1),
  },
  (t) => [primaryKey({ name: "item_stock_pk", columns: [t.storeId, t.itemId] })],
);

/** merchantUpdate requests to send, in order per store, retried with back-off until acknowledged. */
export const merchantUpdates = pgTable(
  "merchant_updates",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    /** The channel whose platform this update is for (0020): each is sent and retried on its own. */
    channelId: text("channel_id").notNull(),
    body: jsonb("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    acknowledgedAt: timestamptz("acknowledged_at"),
  },
  (t) => [
    index("merchant_updates_pending_idx")
      .on(t.channelId, t.id)
      .where(sql`"acknowledged_at" IS NULL`),
    // The board's "not confirmed" reads a restaurant's, every channel's (0020).
    index("merchant_updates_restaurant_pending_idx")
      .on(t.storeId, t.id)
      .where(sql`"acknowledged_at" IS NULL`),
  ],
);

/**
 * Who changed a store's pause or busy mode, and why (0016): people by their id, pacing as
 * "pacing" with the load it saw. Read by the back office's audit; the board shows the latest.
 */
export const merchantControlLog = pgTable(
  "merchant_control_log",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    at: timestamptz("at").notNull(),
    actor: text("actor").notNull(),
    /** pause, resume or busy. */
    change: text("change").$type<"pause" | "resume" | "busy">().notNull(),
    /** busy: { minutes }; pause: { minutes, reason }; pacing's also carry { load, capacity, hardLimit }. */
    detail: jsonb("detail").notNull(),
  },
  (t) => [index("merchant_control_log_store_idx").on(t.storeId, t.id)],
);

/**
 * Each channel's catalogue items and the restaurant items they stand for (0022, issue 28's "one
 * menu, mapped"; lib/merchant/menu-mapping.ts). Keyed by restaurant too: a channel moved to
 * another restaurant has no pairs there until that restaurant's menu is imported again, and
 * serves its whole menu meanwhile. One restaurant item per channel item and the reverse.
 */
export const menuMappings = pgTable(
  "menu_mappings",
  {
    storeId: text("store_id").notNull(),
    channelId: text("channel_id").notNull(),
    /** The item's id in the channel's own catalogue (its store API). */
    channelItemId: integer("channel_item_id").notNull(),
    /** The channel's name and code for it, as last imported (what a manager pairs by). */
    name: text("name").notNull(),
    code: text("code"),
    /** The restaurant's item (its menu's id); null while not paired. */
    itemId: integer("item_id"),
    matchedBy: text("matched_by").$type<"code" | "name" | "hand" | "added">(),
  },
  (t) => [
    primaryKey({ name: "menu_mappings_pk", columns: [t.storeId, t.channelId, t.channelItemId] }),
    uniqueIndex("menu_mappings_item_idx")
      .on(t.storeId, t.channelId, t.itemId)
      .where(sql`"item_id" IS NOT NULL`),
  ],
);

/**
 * One channel paused on its own (0023, issue 28): a row while that channel's platform is told the
 * restaurant is closed (e.g. its couriers are late), the restaurant's other channels untouched.
 * The row is the pause; reopening deletes it.
 */
export const channelPauses = pgTable(
  "channel_pauses",
  {
    channelId: text("channel_id").primaryKey(),
    /** The channel's restaurant, so a restaurant's pauses are read by one index. */
    storeId: text("store_id").notNull(),
    /** null: until reopened by hand. */
    pausedUntil: timestamptz("paused_until"),
    reason: text("reason").notNull(),
    pausedBy: text("paused_by").notNull(),
    pausedAt: timestamptz("paused_at").notNull(),
  },
  (t) => [index("channel_pauses_store_idx").on(t.storeId)],
);
