import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { platformConnections } from "./schema";

// Part of the schema (lib/db/schema.ts re-exports it): what Comanda last learnt from each platform
// connection's discovery manifest (issue 29, 0027). Its own table, not columns of
// platform_connections: a connection's row is rewritten on every settings save, this one by the
// manifest reader alone, and a failed read must keep what the last good one recorded.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

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
  /** The last attempt, whatever came of it. */
  checkedAt: timestamptz("checked_at").notNull(),
  /** The last manifest read and accepted: what the connection runs on; null: never. */
  readAt: timestamptz("read_at"),
});
