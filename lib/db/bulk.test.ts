import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bigint, jsonb, PgDialect, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bulkInsert, columnName, takeExcluded } from "./bulk";

// Column names differ from property names on purpose: the statement must take each from the schema.
const tickets = pgTable("kitchen_tickets", {
  id: text("ticket_id").primaryKey(),
  seq: bigint("change_seq", { mode: "number" }).notNull(),
  printedAt: timestamp("printed_at", { withTimezone: true }),
  body: jsonb("ticket_body"),
});

const render = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe("bulk statements built from the drizzle schema", () => {
  it("inserts into the table's columns from records typed like them, in one JSON parameter", () => {
    const rows = [{ id: "t1", seq: 7, printedAt: "2026-01-01T15:00:00.000Z", body: { lines: 2 } }];
    const query = render(bulkInsert(tickets, ["id", "seq", "printedAt", "body"], rows));
    expect(query.sql).toBe(
      'insert into "kitchen_tickets" ("ticket_id", "change_seq", "printed_at", "ticket_body") select "id", "seq", "printedAt", "body" ' +
        'from jsonb_to_recordset($1::jsonb) as x("id" text, "seq" bigint, "printedAt" timestamp with time zone, "body" jsonb)',
    );
    expect(query.params).toEqual([JSON.stringify(rows)]);
  });

  it("names an upsert's conflict target and updated columns as the schema does", () => {
    const query = render(
      sql`on conflict (${columnName(tickets.id)}) do update set ${takeExcluded(tickets, ["seq", "body"])}`,
    );
    expect(query.sql).toBe(
      'on conflict ("ticket_id") do update set "change_seq" = excluded."change_seq", "ticket_body" = excluded."ticket_body"',
    );
  });
});
