import "server-only";
import { getTableColumns, getTableName, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

// A poll brings up to 1000 events. Drizzle builds a multi-row statement with one placeholder per
// value and inspects each of them; for 1000 rows that took longer than the database needed to
// store them (PGlite runs on the same thread, so it all adds up). As one JSON parameter, the rows
// are serialised once by JSON.stringify and parsed once by the database, whatever their number.

/** The property names of a table's columns, as drizzle's insert objects spell them. */
export type ColumnKey<T extends PgTable> = keyof T["$inferInsert"] & string;

/** A timestamp travels as JSON: a Date, or the ISO string it would become. */
type AsJson<V> = V extends Date ? Date | string : V;
type Picked<T extends PgTable, K extends ColumnKey<T>> = Pick<T["$inferInsert"], K>;

/** A row for a bulk insert: just the listed columns, typed by the schema. */
export type BulkRow<T extends PgTable, K extends ColumnKey<T>> = { [P in keyof Picked<T, K>]: AsJson<Picked<T, K>[P]> };
export type BulkRows<T extends PgTable, K extends ColumnKey<T>> = ReadonlyArray<BulkRow<T, K>>;

/**
 * `insert into table (columns) select columns from <rows>` for these rows, in one JSON parameter.
 * Column names and SQL types are read from the drizzle table, so the statement follows the
 * schema; rows are keyed by the columns' property names (a missing key or JSON null is SQL NULL).
 * The caller adds what follows (`on conflict …`, `returning …`).
 */
export function bulkInsert<T extends PgTable, K extends ColumnKey<T>>(
  table: T,
  keys: readonly K[],
  rows: BulkRows<T, K>,
): SQL {
  const columns = columnsOf(table, keys);
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  // Each record field is named after its property and cast to the column's type on the way in.
  const fields = sql.join(
    columns.map((column, index) => sql`${sql.identifier(keys[index]!)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const values = sql.join(
    keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  // jsonb rather than json: parsed once into the binary form, whose jsonb fields are then copied
  // as they are; json_to_recordset parses each jsonb field's text again (~20% more on PGlite).
  return sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${fields})`;
}

/** `column = excluded.column, …` for an upsert's `do update set`, named from the schema. */
export function takeExcluded<T extends PgTable>(table: T, keys: readonly ColumnKey<T>[]): SQL {
  return sql.join(
    columnsOf(table, keys).map(
      (column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`,
    ),
    sql`, `,
  );
}

/** A column's bare name, where PostgreSQL wants no table before it (an upsert's conflict target). */
export function columnName(column: { name: string }): SQL {
  return sql`${sql.identifier(column.name)}`;
}

function columnsOf<T extends PgTable>(table: T, keys: readonly ColumnKey<T>[]): PgColumn[] {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  return keys.map((key) => columns[key]!);
}

/**
 * `column = any(…)` of any number of texts, in one parameter (a text[]: both drivers send a
 * JavaScript array as one). Written with an array rather than `in (select …)`, which the planner
 * turns into a hash join over the whole table; and as a parameter rather than a JSON text unpacked
 * by a subquery, which cost PGlite ~0.05 ms of planning for each, a dozen in one card's projection.
 */
export function isAnyOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

/** node-postgres and PGlite both answer a raw statement with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
