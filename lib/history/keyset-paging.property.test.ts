import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { historyFiltersSchema, HISTORY_SORTS } from "@/lib/contract/history";
import { orders } from "@/lib/db/schema";
import { PAGE_SIZE } from "./filters";
import { listHistory, type HistoryScope } from "./history";

// Keyset paging's promise (issue 31): while a manager walks the history page by page, orders
// arrive — newer ones at the top, and some placed in the past (a late import) anywhere in the
// list. Paging by position shifted rows across a boundary (one seen twice, another never); a
// page found by the row it starts after never repeats a row, and every order that was there when
// the walk began is seen exactly once.

const SCOPE: HistoryScope = { stores: [{ id: "keyset-a", name: "Alfa" }], locale: "pt-BR" };
const DAY = "2026-04-10";
const BASE = Date.parse(`${DAY}T12:00:00Z`);
let counter = 0;

function orderRow(minute: number, cents: number | null) {
  const index = counter++;
  const placedAt = new Date(BASE + minute * 60_000);
  const card = boardCard({
    id: `keyset-${String(index).padStart(6, "0")}`,
    storeId: "keyset-a",
    displayId: String(index),
    total: cents === null ? null : { value: cents / 100, currency: "BRL" },
    placedAt: placedAt.toISOString(),
    column: (["new", "preparing", "done", "cancelled"] as const)[index % 4]!,
    seq: index + 1,
  });
  return {
    id: card.id,
    storeId: "keyset-a",
    channelId: "keyset-a",
    board: card,
    boardColumn: card.column,
    seq: card.seq,
    placedAt,
  };
}

describe("keyset paging while orders arrive (PGlite)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  }, 60_000);
  afterAll(async () => database?.destroy());

  it("never repeats nor skips a row present when the walk began, in any sort", async () => {
    const minute = fc.integer({ min: 0, max: 600 });
    const cents = fc.option(fc.constantFrom(1000, 2000, 2500), { nil: null });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(minute, cents), { minLength: PAGE_SIZE, maxLength: PAGE_SIZE * 3 }),
        // Before each page: orders that arrive (at any time of the day, or "now" at the top).
        fc.array(fc.array(fc.tuple(fc.oneof(minute, fc.constant(700)), cents), { maxLength: 30 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom(...HISTORY_SORTS),
        fc.constantFrom("asc" as const, "desc" as const),
        async (initial, arrivals, sort, dir) => {
          const db = database.db;
          await db.delete(orders);
          const before = initial.map(([m, c]) => orderRow(m, c));
          await db.insert(orders).values(before);
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let step = 0; ; step++) {
            const page = await listHistory(
              db,
              SCOPE,
              historyFiltersSchema.parse({ from: DAY, to: DAY, sort, dir, cursor }),
            );
            seen.push(...page.rows.map((row) => row.id));
            if (!page.next) break;
            cursor = page.next;
            const arriving = arrivals[step % arrivals.length]!.map(([m, c]) => orderRow(m, c));
            if (arriving.length > 0) await db.insert(orders).values(arriving);
            if (step > 200) throw new Error("paging never ends");
          }
          expect(new Set(seen).size, "a row repeated").toBe(seen.length);
          const present = new Set(seen);
          expect(
            before.filter((row) => !present.has(row.id)).map((row) => row.id),
            "rows skipped",
          ).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});
