/**
 * The order history through the running app (part of `npm run bench`): a production build's
 * server (`next start`) whose database holds N finished orders over 60 days in two stores, each
 * with the platform events ingest would have stored (scripts/bench/seed-orders.ts); a manager
 * signed in asks GET /api/manager/orders — the request the history page makes when a filter, a
 * sort or a page changes — and the time is from sending it to the whole answer received:
 * session, store scope, the platform's list from the embedded sandbox, Comanda's page, the count,
 * confirmations and the JSON. The goal is ≤ 300 ms for the whole path at 100,000 orders on
 * PGlite and 1,000,000 on PostgreSQL (the browser's part, filter → rows painted, is
 * scripts/bench/history-page.ts at 10,000).
 *
 *   --orders=100000          how many orders (default 10,000)
 *   --database=postgres://…  PostgreSQL instead of PGlite (its orders and events are replaced)
 *
 * It prints figures; it asserts nothing (a shared machine is noisy: the load is on each line).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { request } from "@playwright/test";
import { count, like, sql } from "drizzle-orm";
import { orders } from "@/lib/db/schema";
import { ACCOUNTS } from "../../e2e/support/accounts";
import { seedPastOrders } from "./seed-orders";
import { startSeededServer } from "./seeded-server";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const ORDERS = Number(argument("orders") ?? 10_000);
const DATABASE_URL = argument("database");
const DAYS = 60;
const RUNS = 5;
const GOAL_MS = 300;

const SCENARIOS: Array<[string, Record<string, string>]> = [
  ["last 30 days, newest first", {}],
  ["60 days, newest first", { range: "60" }],
  ["60 days, sorted by total", { range: "60", sort: "total" }],
  ["60 days, sorted by store", { range: "60", sort: "store" }],
  ["60 days, status cancelled", { range: "60", status: "cancelled" }],
  ["60 days, sorted by status", { range: "60", sort: "status" }],
  ["60 days, search by name", { range: "60", q: "conceicao" }],
  ["60 days, search by phone digits", { range: "60", q: "90000123" }],
  // Deep pages: walked to by their "next" cursors (untimed), then the 150th page timed.
  ["60 days, page 150, by total", { range: "60", sort: "total", deep: "150" }],
  ["60 days, page 150, newest first", { range: "60", deep: "150" }],
];

const load = () => os.loadavg()[0]!.toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const now = Date.now();
  const kind = DATABASE_URL ? "PostgreSQL" : "PGlite";
  const seeding = performance.now();
  const server = await startSeededServer(
    async (db, storeIds) => {
      const stores = storeIds.slice(0, 2);
      if (DATABASE_URL) {
        // A million orders take many minutes to seed: a database already holding this seed for
        // these stores is kept (its days are a run's age older, still within the 60).
        const held = await db
          .select({ storeId: orders.storeId, orders: count() })
          .from(orders)
          .where(like(orders.id, "history-order-%"))
          .groupBy(orders.storeId);
        const total = held.reduce((sum, row) => sum + row.orders, 0);
        if (total === ORDERS && held.every((row) => stores.includes(row.storeId))) return;
        await db.execute(sql`truncate orders, platform_events cascade`);
      }
      await seedPastOrders(db, { storeIds: stores, orders: ORDERS, days: DAYS, now, prefix: "history" });
    },
    { databaseUrl: DATABASE_URL },
  );
  const seeded = performance.now() - seeding;
  const api = await request.newContext({ baseURL: server.baseURL });
  try {
    const csrf = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const signIn = await api.post("/api/auth/callback/credentials", {
      form: { ...ACCOUNTS.manager, csrfToken: csrf.csrfToken, json: "true" },
      maxRedirects: 0,
    });
    if (signIn.status() >= 400) throw new Error(`signing in: HTTP ${signIn.status()}`);
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    console.log(
      `order history through GET /api/manager/orders (next start, manager session), ${kind}, ${ORDERS.toLocaleString("en")} orders over ${DAYS} days in two stores (seeded with their events and the server started in ${(seeded / 1000).toFixed(0)} s); median of ${RUNS} after one warm-up:`,
    );
    for (const [name, input] of SCENARIOS) {
      const { range, deep, ...rest } = input;
      let query = new URLSearchParams(range ? { from: day(-DAYS - 1), to: day(0), ...rest } : rest).toString();
      // Keyset paging: page N is reached by following N − 1 "next" cursors, as the page does.
      for (let page = 1; page < Number(deep ?? 1); page++) {
        const answer = (await (await api.get(`/api/manager/orders?${query}`)).json()) as { next: string | null };
        if (!answer.next) throw new Error(`${name}: no page ${page + 1}`);
        const params = new URLSearchParams(query);
        params.set("cursor", answer.next);
        query = params.toString();
      }
      const times: number[] = [];
      let summary = "";
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const response = await api.get(`/api/manager/orders?${query}`);
        const page = (await response.json()) as { rows: unknown[]; total: number; totalCapped: boolean };
        const elapsed = performance.now() - started;
        if (!response.ok()) throw new Error(`${name}: HTTP ${response.status()}`);
        if (run > 0) times.push(elapsed);
        summary = `${page.rows.length} rows of ${page.totalCapped ? "more than " : ""}${page.total.toLocaleString("en")}`;
      }
      const ms = median(times);
      console.log(
        `  ${kind} ${ORDERS.toLocaleString("en")}: ${name.padEnd(32)} ${ms.toFixed(0).padStart(4)} ms (goal ≤ ${GOAL_MS} ms, ${ms <= GOAL_MS ? "met" : "MISSED"}; max ${Math.max(...times).toFixed(0)} ms; ${summary}; load ${load()})`,
      );
    }
  } finally {
    await api.dispose();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
