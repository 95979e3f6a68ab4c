import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Staff, managers and admins. A cook who only ever uses a PIN on a tablet has no email/password. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased; null for PIN-only staff. */
    email: text("email"),
    name: text("name").notNull(),
    /** kitchen | manager | admin */
    role: text("role").notNull(),
    /** argon2id; null when the user cannot sign in with a password. */
    passwordHash: text("password_hash"),
    disabledAt: timestamptz("disabled_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

/**
 * Which stores a user works for. The PIN is per store (a keyed HMAC of store and PIN, so it can
 * be looked up, and is unique within the store).
 */
export const userStores = pgTable(
  "user_stores",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    pinHash: text("pin_hash"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), uniqueIndex("user_stores_pin_idx").on(t.storeId, t.pinHash)],
);

/**
 * Server-side sessions: the signed cookie only names one of these, so sign-out (and disabling a
 * user) ends a session for real, not only in the browser that signed out.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A kitchen tablet: signed in by a manager, then acting only as the kitchen of this store. */
    deviceStoreId: text("device_store_id"),
    /** The staff member who last entered their PIN on this session (tablet). */
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

/** Failed sign-in / PIN attempts per key (account, address, tablet), for lockouts. */
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamptz("window_started_at").notNull(),
  lockedUntil: timestamptz("locked_until"),
});
