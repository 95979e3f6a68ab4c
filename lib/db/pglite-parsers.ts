import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

/**
 * The types drizzle's PGlite driver asks to receive as PostgreSQL's text, by their fixed OIDs:
 * timestamp, timestamptz, interval, date, and the arrays numeric[], timestamp[], timestamptz[],
 * interval[], date[] (drizzle-orm/pglite/session.js; pglite-parsers.test.ts checks the list).
 */
export const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

const asText = (value: string) => value;

/**
 * Installs drizzle's parsers on the PGlite instance once, and lets its queries go without them.
 * Why: drizzle passes its nine parsers with every query, and PGlite merges a query's parsers into
 * a copy of all of its own (~320 types, `{ ...all, ...given }`) before reading the rows: 70–100 µs
 * per query, as long as a small query's own execution, ~10 times on an order's webhook path.
 * A query's parsers are dropped only where every one of them is already the instance's (text as it
 * is); any other query keeps its own. Call after PGlite.create: its start installs array parsers
 * over the arrays' OIDs.
 */
export function withDrizzleParsersInstalled(pg: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) pg.parsers[oid] = asText;
  const installed = (options?: QueryOptions): QueryOptions | undefined =>
    options?.parsers && Object.keys(options.parsers).every((oid) => pg.parsers[Number(oid)] === asText)
      ? { ...options, parsers: undefined }
      : options;
  const query = pg.query.bind(pg);
  const transaction = pg.transaction.bind(pg);
  return Object.assign(pg, {
    query: (sql: string, params?: unknown[], options?: QueryOptions) => query(sql, params, installed(options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = (sql, params, options) => txQuery(sql, params, installed(options));
        return callback(tx);
      }),
  });
}
