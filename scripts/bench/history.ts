/**
 * The order history's benchmark (`npm run bench`): 10,000 orders over 60 days in two stores, on
 * each database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set); for each filter and sort
 * a manager uses, the time from the request to the page's rows (count, sorted window, merge,
 * confirmations): the server's part of "filter → rows painted" (the browser then paints 50 rows).
 * Target: ≤ 300 ms for the whole path (scripts/bench/history-http.ts times it through the route).
 * `--orders=N` seeds N orders instead; `--only=pglite|postgres` runs one database.
 * It prints figures; it asserts nothing.
 */
import { performance } from "node:perf_hooks";
import os from "node:os";
import { sql } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds } from "@/e2e/support/database";
import { boardCard } from "@/e2e/support/board-card";
import { BOARD_COLUMNS } from "@/lib/contract/board";
import { orders } from "@/lib/db/schema";
import { historyFiltersSchema } from "@/lib/contract/history";
import { listHistory } from "@/lib/history/history";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const ORDERS = Number(argument("orders") ?? 10_000);
const RUNS = 5;
const STORES = [
  { id: "bench-store-a", name: "Pizzaria Centro" },
  { id: "bench-store-b", name: "Pizzaria Manaus" },
];
const NAMES = ["Ana Souza", "João Conceição", "Maria Lima", "Pedro Alves", "Luíza Rocha", "Carlos Dias"];
const TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"];

/** A small deterministic generator, so every run seeds the same history. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function seed(db: Awaited<ReturnType<typeof createTestDatabase>>["db"], now: number): Promise<void> {
  const next = random(42);
  const rows = Array.from({ length: ORDERS }, (_, index) => {
    const store = STORES[index % 2]!;
    const placedAt = new Date(now - Math.floor(next() * 60 * 24 * 3600_000));
    const card = boardCard({
      id: `bench-order-${index}`,
      storeId: store.id,
      displayId: String(1000 + index),
      type: TYPES[Math.floor(next() * TYPES.length)]!,
      customerName: NAMES[Math.floor(next() * NAMES.length)]!,
      total: { value: Math.round(next() * 20_000) / 100, currency: "BRL" },
      placedAt: placedAt.toISOString(),
      column: BOARD_COLUMNS[Math.floor(next() * BOARD_COLUMNS.length)]!,
      seq: index + 1,
    });
    return {
      id: card.id,
      storeId: store.id,
      channelId: store.id,
      board: card,
      boardColumn: card.column,
      seq: card.seq,
      placedAt,
      details: { customer: { name: card.customerName, phone: { number: `(11) 9${String(index).padStart(8, "0")}` } } },
    };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(orders).values(rows.slice(start, start + 500));
}

const SCENARIOS: Array<[string, Record<string, string>]> = [
  ["last 30 days, newest first", {}],
  ["60 days, newest first", { from: "DAY-60", to: "TODAY" }],
  ["60 days, sorted by total", { from: "DAY-60", to: "TODAY", sort: "total" }],
  ["60 days, sorted by store", { from: "DAY-60", to: "TODAY", sort: "store" }],
  ["60 days, status done, by status", { from: "DAY-60", to: "TODAY", status: "done", sort: "status" }],
  ["60 days, search by name", { from: "DAY-60", to: "TODAY", q: "conceicao" }],
  ["60 days, search by phone digits", { from: "DAY-60", to: "TODAY", q: "90000123" }],
  ["60 days, page 150 of 200, by total", { from: "DAY-60", to: "TODAY", sort: "total", page: "150" }],
];

async function main(): Promise<void> {
  const now = Date.now();
  const today = new Date(now + 24 * 3600_000).toISOString().slice(0, 10);
  const sixtyDaysAgo = new Date(now - 61 * 24 * 3600_000).toISOString().slice(0, 10);
  const only = argument("only");
  for (const kind of testDatabaseKinds.filter((k) => !only || k === only)) {
    const database = await createTestDatabase(kind);
    try {
      const seeding = performance.now();
      await seed(database.db, now);
      await database.db.execute(sql`analyze`);
      console.log(`${kind}: ${ORDERS} orders seeded in ${(performance.now() - seeding).toFixed(0)} ms`);
      for (const [name, input] of SCENARIOS) {
        const { page: deep, ...rest } = input;
        let filters = historyFiltersSchema.parse(
          Object.fromEntries(
            Object.entries(rest).map(([k, v]) => [k, v === "DAY-60" ? sixtyDaysAgo : v === "TODAY" ? today : v]),
          ),
        );
        // Keyset paging: a deep page is reached by its "next" cursors, as the page walks (untimed).
        for (let page = 1; page < Number(deep ?? 1); page++) {
          const answer = await listHistory(database.db, { stores: STORES, locale: "pt-BR" }, filters);
          if (!answer.next) throw new Error(`${name}: no page ${page + 1}`);
          filters = historyFiltersSchema.parse({ ...rest, from: filters.from, to: filters.to, cursor: answer.next });
        }
        const times: number[] = [];
        let rows = 0;
        let total = 0;
        for (let run = 0; run < RUNS; run++) {
          const started = performance.now();
          const page = await listHistory(database.db, { stores: STORES, locale: "pt-BR" }, filters);
          times.push(performance.now() - started);
          rows = page.rows.length;
          total = page.total;
        }
        times.sort((a, b) => a - b);
        console.log(
          `  ${name.padEnd(38)} ${rows} rows of ${String(total).padStart(5)}: load ${os.loadavg()[0]!.toFixed(2)} median ${times[Math.floor(RUNS / 2)]!.toFixed(1)} ms (max ${times.at(-1)!.toFixed(1)} ms)`,
        );
      }
    } finally {
      await database.destroy();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
