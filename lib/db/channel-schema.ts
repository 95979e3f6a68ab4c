import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { platformConnections, stores } from "./schema";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Where a channel's orders come from (issue 28). */
export type ChannelKind = "platform" | "own";

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
