import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// A poll brings up to 1000 events. Drizzle builds a multi-row statement with one placeholder per
// value and inspects each of them; for 1000 rows that took longer than the database needed to
// store them (PGlite runs on the same thread, so it all adds up). As one JSON parameter, the rows
// are serialised once by JSON.stringify and parsed once by the database, whatever their number.

/**
 * Rows as a relation, for `insert … select … from ${jsonRecords(rows, "a text, b jsonb")}`.
 * Each row is an object keyed by column name; a missing key or a JSON null reads as SQL NULL.
 */
export function jsonRecords(rows: readonly object[], columns: string): SQL {
  // jsonb rather than json: parsed once into the binary form, whose jsonb fields are then copied
  // as they are; json_to_recordset parses each jsonb field's text again (~20% more on PGlite).
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(columns)})`;
}

/**
 * `column = any(…)` of any number of texts, in one parameter. Written with an array rather than
 * `in (select …)`, which the planner turns into a hash join over the whole table.
 */
export function isAnyOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(array(select json_array_elements_text(${JSON.stringify(values)}::json)))`;
}

/** node-postgres and PGlite both answer a raw statement with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
