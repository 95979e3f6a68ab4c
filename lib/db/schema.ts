import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import type { OrderSummary } from "@/lib/orders/types";
import type { CatalogSyncModel } from "@/lib/platform/discovery/manifest";

// Accent folding in SQL without the unaccent extension (PGlite has none): the letters Portuguese
// and Spanish names use. The search text is folded the same way in JavaScript (foldText).
const FROM_ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñý";
const TO_PLAIN = "aaaaaaeeeeiiiiooooouuuucny";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Every change to a board card takes the next number of this sequence, so a client that lost
 * its stream can ask for "everything after N" (SSE Last-Event-ID).
 */
export const boardSeq = pgSequence("board_seq", { startWith: 1 });

/**
 * A platform connection (0012): one set of interchange credentials on one platform, serving all
 * the merchants (stores) registered under it — how a Software Service is registered with an Open
 * Delivery platform. One poller per connection polls its stores (lib/sync/poller.ts); its secret is
 * encrypted at rest like the stores' (lib/stores/secrets.ts).
 */
export const platformConnections = pgTable(
  "platform_connections",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    clientId: text("client_id").notNull(),
    clientSecretEncrypted: text("client_secret_encrypted").notNull(),
    /** The platform sets the interval per integration: one for all the connection's merchants. */
    pollIntervalSeconds: real("poll_interval_seconds").notNull(),
    /**
     * Namespaces the ids this platform gives to orders and events (0020): empty for every
     * connection of before 0020 (so every id stored before channels stays as it was) and for the
     * first platform of a new database; a short prefix of its own for each other platform (base
     * URL), shared by its connections, so the same order id on two platforms is two orders.
     */
    orderIdPrefix: text("order_id_prefix").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("platform_connections_credentials_idx").on(t.baseUrl, t.clientId)],
);

/**
 * The restaurants Comanda serves (0020; before it, a store was one merchant on one platform): one
 * kitchen with its staff, tablets, settings, stations, printers and menu, receiving the orders of
 * its channels (`channels`, below). The table keeps its name; in the code `storeId` is a
 * restaurant's id.
 */
export const stores = pgTable("stores", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Where the configuration came from: env, sandbox or manager. */
  source: text("source").notNull().default("manager"),
  enabled: boolean("enabled").notNull().default(true),
  confirmDeadlineMinutes: integer("confirm_deadline_minutes").notNull().default(8),
  /** Back office (0008): the store's IANA time zone; null means DEFAULT_TIME_ZONE. */
  timeZone: text("time_zone"),
  /** Kitchen tickets (issue 13): what a confirm promises unless the cook picks another time. */
  defaultPreparationMinutes: integer("default_preparation_minutes").notNull().default(20),
  /** Kitchen tickets: false when the kitchen skips the "preparing" report (confirm, then ready). */
  reportPreparing: boolean("report_preparing").notNull().default(true),
  /** Kitchen pacing (0016, docs/kitchen.md): off by default; items cooked at once; pause past the hard limit. */
  pacingEnabled: boolean("pacing_enabled").notNull().default(false),
  pacingCapacity: integer("pacing_capacity").notNull().default(8),
  pacingHardLimit: integer("pacing_hard_limit").notNull().default(24),
  /** How a pizza of several flavours is priced on its own channels (0024, lib/own-orders/pizza-price.ts). */
  pizzaPricing: text("pizza_pricing").$type<PizzaPricing>().notNull().default("highest"),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/** Where a channel's orders come from (issue 28). */
export type ChannelKind = "platform" | "own";

/** Which of a restaurant's own channels (issue 30): counter, phone, WhatsApp, table. */
export type OwnSource = "counter" | "phone" | "whatsapp" | "table";

/** A half-and-half pizza's price: its dearest flavour's, or the flavours' average (0024). */
export type PizzaPricing = "highest" | "average";

/**
 * A source of a restaurant's orders (0020): an Open Delivery merchant on a platform connection, with
 * that merchant's own credentials and what the poller last saw of it — or the restaurant's own
 * channel (counter, phone, WhatsApp), which has no connection. A restaurant (`stores`) has any
 * number; one board shows them all. See docs/architecture.md, "Restaurants and channels".
 *
 * A platform channel's id is the platform's merchant id (every channel of before 0020 kept its
 * store's id). Its orders' and events' ids are the platform's, prefixed with its connection's
 * namespace (`platform_connections.order_id_prefix`), so the same order id on two platforms is
 * two orders.
 */
export const channels = pgTable(
  "channels",
  {
    id: text("id").primaryKey(),
    /** The restaurant (a row of `stores`) whose kitchen cooks this channel's orders. */
    restaurantId: text("restaurant_id")
      .notNull()
      .references(() => stores.id),
    kind: text("kind").$type<ChannelKind>().notNull(),
    /** A short label a manager picks, shown on every card (e.g. "App 1", "Balcão"). */
    label: text("label").notNull(),
    /** The label's colour, #rrggbb. */
    color: text("color").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Where the configuration came from: env, sandbox or manager (the manager's wins). */
    source: text("source").notNull().default("manager"),
    /** An own channel's kind of sale (0024); null on a platform channel. */
    ownSource: text("own_source").$type<OwnSource>(),
    connectionId: text("connection_id").references(() => platformConnections.id),
    /** The platform's id of the merchant (X-App-MerchantId). */
    merchantId: text("merchant_id"),
    serviceId: text("service_id"),
    adminClientId: text("admin_client_id"),
    adminClientSecretEncrypted: text("admin_client_secret_encrypted"),
    adminUsername: text("admin_username"),
    adminPasswordEncrypted: text("admin_password_encrypted"),
    /**
     * The admin API's refresh token works once and lasts 31 days: every rotation is written here
     * before the new access token is used, so a restart never loses the only valid one.
     */
    adminRefreshTokenEncrypted: text("admin_refresh_token_encrypted"),
    adminRefreshTokenExpiresAt: timestamptz("admin_refresh_token_expires_at"),
    storeApiClientId: text("store_api_client_id"),
    storeApiClientSecretEncrypted: text("store_api_client_secret_encrypted"),
    /**
     * The platform's time to confirm this channel's orders (0028): each platform has its own, so a
     * restaurant on two may need two. Null: the restaurant's (stores.confirm_deadline_minutes).
     */
    confirmDeadlineMinutes: integer("confirm_deadline_minutes"),
    lastPollAt: timestamptz("last_poll_at"),
    lastPollOkAt: timestamptz("last_poll_ok_at"),
    lastError: text("last_error"),
    /** Failed polls since the last successful one: every instance's status feed reads it. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("channels_restaurant_idx").on(t.restaurantId),
    uniqueIndex("channels_merchant_idx").on(t.connectionId, t.merchantId),
  ],
);

/**
 * A store's last few sync errors (0013), newest last by id, at most RECENT_ERRORS_KEPT per store
 * (trimmed on insert). An error identical to the store's newest one bumps its count and last time
 * instead of adding a row (lib/sync/recent-errors.ts).
 */
export const storeRecentErrors = pgTable(
  "store_recent_errors",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    /** The channel whose sync failed (0020). */
    channelId: text("channel_id").notNull(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    orderId: text("order_id"),
    firstAt: timestamptz("first_at").notNull(),
    lastAt: timestamptz("last_at").notNull(),
    count: integer("count").notNull().default(1),
  },
  // By channel (0020): each channel's errors are read, coalesced and trimmed on their own.
  (t) => [index("store_recent_errors_channel_idx").on(t.channelId, t.id)],
);

/** Every event the platform delivered, once (the primary key is the deduplication). */
export const platformEvents = pgTable(
  "platform_events",
  {
    eventId: text("event_id").primaryKey(),
    storeId: text("store_id").notNull(),
    /** The channel that delivered it (0020). */
    channelId: text("channel_id").notNull(),
    orderId: text("order_id").notNull(),
    eventType: text("event_type").notNull(),
    occurredAt: timestamptz("occurred_at").notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    acknowledgedAt: timestamptz("acknowledged_at"),
    payload: jsonb("payload").notNull(),
  },
  (t) => [
    index("platform_events_order_idx").on(t.orderId),
    index("platform_events_unacked_idx").on(t.storeId, t.acknowledgedAt),
  ],
);

/**
 * Events that could not be stored even after their text was made storable: kept as an opaque blob
 * (base64 of the event's JSON) with why, acknowledged, so that one event never stops its store.
 */
export const quarantinedEvents = pgTable(
  "quarantined_events",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    eventId: text("event_id").notNull(),
    orderId: text("order_id"),
    reason: text("reason").notNull(),
    blob: text("blob").notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (t) => [index("quarantined_events_store_idx").on(t.storeId, t.receivedAt)],
);

/**
 * One row per order: the platform's details as received (raw, so nothing is lost when they fail
 * to parse), our summary of them, and the current board card with the sequence number of its
 * last change.
 */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    /** The channel the order came from (0020); the board card carries it too. */
    channelId: text("channel_id").notNull(),
    details: jsonb("details"),
    /** Our reshaped view of the details; null while they cannot be read. */
    summary: jsonb("summary").$type<OrderSummary>(),
    detailsError: text("details_error"),
    board: jsonb("board").$type<BoardOrder>().notNull(),
    boardColumn: text("board_column").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    placedAt: timestamptz("placed_at").notNull(),
    /** When a board claimed printing this auto-accepted order's ticket (0013): the first ask prints. */
    autoPrintClaimedAt: timestamptz("auto_print_claimed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    // The history's search and sort keys (0019), kept by the database from board and details so
    // every writer stays as it is and an index can serve them (lib/history/local-orders.ts).
    /**
     * The total in cents, the "total" sort's key. Null unless the total is a number a bigint of
     * cents holds: a generated column that failed would refuse the whole order's write (a
     * platform may send 1e308).
     */
    totalCents: bigint("total_cents", { mode: "number" }).generatedAlwaysAs(
      sql`CASE WHEN jsonb_typeof((board -> 'total') -> 'value') = 'number' AND abs(((board -> 'total') ->> 'value')::numeric) < 10000000000000 THEN round((((board -> 'total') ->> 'value')::numeric) * 100) END`,
    ),
    /** The customer's phone, digits only ("(11) 98765-4321" → "11987654321"). */
    phoneDigits: text("phone_digits").generatedAlwaysAs(
      sql`regexp_replace(coalesce((((details -> 'customer') -> 'phone') ->> 'number'), ''), '[^0-9]', '', 'g')`,
    ),
    /** The customer's name in lower case without accents (no unaccent extension in PGlite). */
    searchName: text("search_name").generatedAlwaysAs(
      sql.raw(`translate(lower(coalesce((board ->> 'customerName'), '')), '${FROM_ACCENTED}', '${TO_PLAIN}')`),
    ),
    /** The display id in lower case, searched by its start. */
    searchDisplayId: text("search_display_id").generatedAlwaysAs(sql`lower(coalesce((board ->> 'displayId'), ''))`),
    /**
     * The "type" sort's key (0031): the type's rank in lib/history/sorting.ts TYPE_ORDER, 99
     * (UNKNOWN_RANK) for any other or none, so the sort reads each type's orders from an index
     * in time order instead of ranking and sorting every order of the range (issue 31).
     */
    typeRank: integer("type_rank").generatedAlwaysAs(
      sql`CASE (board ->> 'type') WHEN 'DELIVERY' THEN 0 WHEN 'TAKEOUT' THEN 1 WHEN 'INDOOR' THEN 2 ELSE 99 END`,
    ),
  },
  (t) => [
    index("orders_seq_idx").on(t.seq),
    index("orders_store_column_idx").on(t.storeId, t.boardColumn),
    // The history (0008, 0019): a store's (or every store's) time range newest first, with the id
    // that breaks ties, so a page is read from the index in order instead of sorting the range.
    index("orders_store_placed_idx").on(t.storeId, t.placedAt, t.id),
    index("orders_placed_idx").on(t.placedAt, t.id),
    // The history's channel filter (0021): one channel's time range newest first, read in order
    // even when the channel is a small part of its restaurant's orders.
    index("orders_channel_placed_idx").on(t.channelId, t.placedAt, t.id),
    // The "status" sort reads each column's orders newest first, one column after another.
    index("orders_column_placed_idx").on(t.boardColumn, t.placedAt, t.id),
    // The "type" sort likewise, one type after another (0031).
    index("orders_type_placed_idx").on(t.typeRank, t.placedAt, t.id),
    // The "total" sort, largest first (its default direction), in the order rowComparator uses.
    index("orders_total_idx").on(
      t.totalCents.desc().nullsLast(),
      t.placedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Orders whose details could not be read yet (no summary): the details worker looks for them
    // every few seconds, and health counts them per channel. Partial: a handful among a million,
    // which each look read whole (1.6–2.5 s at 1M orders on PostgreSQL) (0033).
    index("orders_unread_channel_idx")
      .on(t.channelId)
      .where(sql`${t.summary} is null`),
    // Search by name, phone and display id: trigrams serve "contains" (pg_trgm, loaded by PGlite too).
    index("orders_search_idx").using(
      "gin",
      t.searchName.op("gin_trgm_ops"),
      t.phoneDigits.op("gin_trgm_ops"),
      t.searchDisplayId.op("gin_trgm_ops"),
    ),
  ],
);

/**
 * A cook's "done" on a ticket's line (issue 13, item marks): a kitchen aid shared by the store's
 * tablets through the card, never sent to the platform. A line is its index in the order's items.
 */
export const itemMarks = pgTable(
  "item_marks",
  {
    storeId: text("store_id").notNull(),
    orderId: text("order_id").notNull(),
    line: integer("line").notNull(),
    markedBy: text("marked_by").notNull(),
    markedAt: timestamptz("marked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "item_marks_pk", columns: [t.storeId, t.orderId, t.line] })],
);

/** What staff asked the platform to do, what was sent and what it answered. */
export const orderActions = pgTable(
  "order_actions",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id").notNull(),
    storeId: text("store_id").notNull(),
    action: text("action").notNull(),
    outcome: text("outcome").notNull(),
    actor: text("actor"),
    requestBody: jsonb("request_body"),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    requestedAt: timestamptz("requested_at").notNull(),
    completedAt: timestamptz("completed_at").notNull().defaultNow(),
  },
  (t) => [index("order_actions_order_idx").on(t.orderId)],
);

/**
 * An order action being sent to the platform, by whichever instance took the claim: an identical
 * action asked of another instance meanwhile waits for its outcome instead of calling the platform
 * again (lib/actions/action-claims.ts). Deleted when the outcome is recorded.
 */
export const actionClaims = pgTable(
  "action_claims",
  {
    storeId: text("store_id").notNull(),
    orderId: text("order_id").notNull(),
    action: text("action").notNull(),
    claimedAt: timestamptz("claimed_at").notNull(),
  },
  (t) => [primaryKey({ name: "action_claims_pk", columns: [t.storeId, t.orderId, t.action] })],
);

/** The instances sharing this database, each with its heartbeat (lib/sync/leases.ts). */
export const instances = pgTable("instances", {
  id: text("id").primaryKey(),
  startedAt: timestamptz("started_at").notNull(),
  heartbeatAt: timestamptz("heartbeat_at").notNull(),
});

/**
 * Who runs each poller (key: a platform connection id), until when, and its fencing token: incremented on every
 * takeover and checked in the same transaction as each of the poller's writes (lib/sync/leases.ts).
 */
export const pollerLeases = pgTable("poller_leases", {
  key: text("key").primaryKey(),
  holder: text("holder"),
  token: bigint("token", { mode: "number" }).notNull().default(0),
  expiresAt: timestamptz("expires_at").notNull(),
});

export * from "./auth-schema";
export * from "./merchant-schema";
export * from "./printer-schema";
export * from "./station-schema";
export * from "./own-order-schema";

// What Comanda last learnt from each platform connection's discovery manifest (issue 29, 0027). Its
// own table, not columns of platform_connections: a connection's row is rewritten on every settings
// save, this one by the manifest reader alone, and a failed read must keep what the last good one
// recorded.

/** How the last read went: read (valid, a shared version), or why not. */
export const MANIFEST_STATES = ["read", "missing", "invalid", "unsupportedVersion", "unreachable"] as const;
export type ManifestState = (typeof MANIFEST_STATES)[number];

export const connectionDiscovery = pgTable("connection_discovery", {
  connectionId: text("connection_id")
    .primaryKey()
    .references(() => platformConnections.id, { onDelete: "cascade" }),
  /** The dialect in use ("1.x"); null: inactive (no manifest ever worked and the last was refused). */
  dialect: text("dialect"),
  state: text("state").$type<ManifestState>().notNull(),
  /** Why the last read was refused (technical, for Operations' details); null when it was read. */
  problem: text("problem"),
  /** The order operations the platform declares (null: none read — a 1.x platform without discovery). */
  operations: jsonb("operations").$type<string[] | null>(),
  /** The order events it declares it emits (null as above). */
  events: jsonb("events").$type<string[] | null>(),
  /** The versions it declares (null as above). */
  versions: jsonb("versions").$type<string[] | null>(),
  /**
   * How it keeps the catalogue in sync (`capabilities.merchant.catalogSyncModel`: PULL, PUSH_FULL,
   * PUSH_CRUD); null when not declared (every 1.x platform, a 2.0 one without it).
   */
  catalogSyncModel: text("catalog_sync_model").$type<CatalogSyncModel | null>(),
  /** The last attempt, whatever came of it. */
  checkedAt: timestamptz("checked_at").notNull(),
  /** The last manifest read and accepted: what the connection runs on; null: never. */
  readAt: timestamptz("read_at"),
});
