/**
 * The history benches' orders: finished orders over the last DAYS days with the platform events
 * ingest stores for each (scripts/bench/seed-orders.ts). Up to DIRECT orders are written one by
 * one as seed-orders makes them; a million would take a quarter of an hour that way, so past
 * DIRECT the database copies those orders and their events, each copy with ids, display ids,
 * phone numbers and sequence numbers of its own (the search and sort keys are the database's
 * generated columns, computed for the copies as for any order), its indexes dropped during the
 * copy and built again after it.
 */
import { performance } from "node:perf_hooks";
import { count, like, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { rowsOf } from "@/lib/db/bulk";
import { orders } from "@/lib/db/schema";
import { connectToPostgresServer } from "@/e2e/support/postgres-server";
import { seedPastOrders } from "./seed-orders";
import { startSeededServer, type SeededServer } from "./seeded-server";

export const DAYS = 60;
const DIRECT = 100_000;
const PREFIX = "history";

/** Whether the database holds exactly this seed for these stores (a kept PostgreSQL database). */
async function held(db: Database, storeIds: readonly string[], total: number): Promise<boolean> {
  const rows = await db
    .select({ storeId: orders.storeId, orders: count() })
    .from(orders)
    .where(like(orders.id, `${PREFIX}-order-%`))
    .groupBy(orders.storeId);
  return (
    rows.reduce((sum, row) => sum + row.orders, 0) === total && rows.every((row) => storeIds.includes(row.storeId))
  );
}

/**
 * Seeds `total` orders in the stores, replacing any orders and events there were. With `keep`, a
 * database already holding this seed is left as it is (a million orders take minutes to seed;
 * its days are a run's age older, still within the range the benches ask for).
 */
export async function seedHistory(
  db: Database,
  plan: { storeIds: readonly string[]; total: number; now: number; keep?: boolean; databaseUrl?: string },
): Promise<"kept" | "seeded"> {
  if (plan.keep && (await held(db, plan.storeIds, plan.total))) return "kept";
  await db.execute(sql`truncate orders, platform_events cascade`);
  const direct = Math.min(plan.total, DIRECT);
  await seedPastOrders(db, { storeIds: plan.storeIds, orders: direct, days: DAYS, now: plan.now, prefix: PREFIX });
  if (plan.total > direct)
    await copyOrders(db, plan.databaseUrl, direct, Math.ceil(plan.total / direct) - 1, plan.total);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze platform_events`);
  return "seeded";
}

/** The indexes of a table but its primary key, as statements that build them again. */
async function secondaryIndexes(db: Database, table: string): Promise<Array<{ name: string; definition: string }>> {
  return rowsOf<{ name: string; definition: string }>(
    await db.execute(
      sql`select indexname as name, indexdef as definition from pg_indexes where tablename = ${table} and indexname not like '%_pkey'`,
    ),
  );
}

/**
 * `copies` copies of the first `base` orders and their events (copy k's order n is order
 * n + k × base, a minute later), up to `total` orders in all.
 */
async function copyOrders(
  db: Database,
  databaseUrl: string | undefined,
  base: number,
  copies: number,
  total: number,
): Promise<void> {
  const indexes = [...(await secondaryIndexes(db, "orders")), ...(await secondaryIndexes(db, "platform_events"))];
  // PostgreSQL: a connection of its own, without the pool's silence limit (lib/db/client.ts
  // SILENT_CONNECTION_MS): copying a million orders or building an index is quiet for minutes.
  const { Client } = await import("pg");
  const client = databaseUrl ? new Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  const dialect = new PgDialect();
  const run = async (statement: SQL) => {
    if (!client) return void (await db.execute(statement));
    const query = dialect.sqlToQuery(statement);
    await client.query(query.sql, query.params);
  };
  try {
    for (const entry of indexes) await run(sql.raw(`drop index ${entry.name}`));
    try {
      await insertCopies(run, base, copies, total);
    } finally {
      // Built again even when a copy failed: a kept database must never lose its indexes.
      for (const entry of indexes) await run(sql.raw(entry.definition));
    }
  } finally {
    await client?.end();
  }
}

async function insertCopies(
  run: (statement: SQL) => Promise<void>,
  base: number,
  copies: number,
  total: number,
): Promise<void> {
  const index = sql`(substring(o.id from '[0-9]+$')::bigint + k * ${sql.raw(String(base))})`;
  const newId = sql`${sql.raw(`'${PREFIX}-order-'`)} || ${index}`;
  const at = (column: string) => sql`(${sql.raw(column)} + k * interval '1 minute')`;
  await run(sql`
    insert into orders (id, store_id, channel_id, details, summary, details_error, board, board_column, seq,
                        placed_at, auto_print_claimed_at, created_at, updated_at)
    select ${newId}, o.store_id, o.channel_id,
           jsonb_set(jsonb_set(o.details, '{id}', to_jsonb(${newId})),
                     '{customer,phone,number}', to_jsonb('(11) 9' || lpad(${index}::text, 8, '0'))),
           jsonb_set(o.summary, '{displayId}', to_jsonb((1000 + ${index})::text)),
           o.details_error,
           jsonb_set(jsonb_set(jsonb_set(jsonb_set(o.board, '{id}', to_jsonb(${newId})),
                     '{displayId}', to_jsonb((1000 + ${index})::text)),
                     '{seq}', to_jsonb(o.seq + k * ${sql.raw(String(base))})),
                     '{placedAt}', to_jsonb(to_char(${at("o.placed_at")} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
           o.board_column, o.seq + k * ${sql.raw(String(base))}, ${at("o.placed_at")}, o.auto_print_claimed_at,
           ${at("o.created_at")}, ${at("o.updated_at")}
    from orders o, generate_series(1, ${sql.raw(String(copies))}) k
    where ${index} < ${sql.raw(String(total))}`);
  await run(sql`
    insert into platform_events (event_id, store_id, channel_id, order_id, event_type, occurred_at, received_at,
                                 acknowledged_at, payload)
    select ${newId} || '-event-' || substring(e.event_id from '[0-9]+$'), e.store_id, e.channel_id, ${newId},
           e.event_type, ${at("e.occurred_at")}, ${at("e.received_at")}, ${at("e.acknowledged_at")},
           jsonb_set(jsonb_set(jsonb_set(e.payload, '{orderId}', to_jsonb(${newId})),
                     '{eventId}', to_jsonb(${newId} || '-event-' || substring(e.event_id from '[0-9]+$'))),
                     '{createdAt}', to_jsonb(to_char(${at("e.occurred_at")} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    from platform_events e join orders o on o.id = e.order_id, generate_series(1, ${sql.raw(String(copies))}) k
    where ${index} < ${sql.raw(String(total))}`);
}

/**
 * Whether PostgreSQL answers at `url`, creating its database when missing (`npm run bench` keeps a
 * seeded million under a stable name, reused while its row count matches).
 */
export async function postgresReady(url: string): Promise<boolean> {
  let client;
  try {
    client = await connectToPostgresServer(url, 3_000);
  } catch (error) {
    console.log(`order history on PostgreSQL skipped: no answer at ${new URL(url).host} (${(error as Error).message})`);
    return false;
  }
  try {
    const name = new URL(url).pathname.slice(1);
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

/**
 * A `next start` server whose database holds this seed in the sandbox's first two stores (the demo
 * manager's, so the history shows them), for the benches through the route and the browser. On
 * PostgreSQL a seed the database already holds is kept (its stores' ids are the sandbox's stable
 * merchant ids, the same every run). The label names the seed in each figure's line ("PGlite
 * 100,000"); the description says how it came to be, and how long.
 */
export async function startHistoryServer(
  total: number,
  now: number,
  databaseUrl?: string,
): Promise<{ server: SeededServer; label: string; description: string }> {
  const started = performance.now();
  let seeded = "";
  const server = await startSeededServer(
    async (db, storeIds) => {
      seeded = await seedHistory(db, {
        storeIds: storeIds.slice(0, 2),
        total,
        now,
        keep: Boolean(databaseUrl),
        databaseUrl,
      });
    },
    { databaseUrl },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const database = databaseUrl ? "PostgreSQL" : "PGlite";
  return {
    server,
    label: `${database} ${total.toLocaleString("en")}`,
    description: `${database}, ${total.toLocaleString("en")} orders over ${DAYS} days in two stores (${seeded === "kept" ? "kept from an earlier run" : "seeded with their events"}, the server started, in ${seconds} s)`,
  };
}
