import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { BOARD_COLUMNS } from "@/lib/contract/board";
import { historyFiltersSchema, HISTORY_SORTS, type HistoryFilters } from "@/lib/contract/history";
import { orders } from "@/lib/db/schema";
import { COUNT_AHEAD, PAGE_SIZE } from "./filters";
import { listHistory, sortSpec, type HistoryScope } from "./history";
import { rowComparator } from "./sorting";

// Paging through the history reads each page's window from an index and counts only up to
// COUNT_AHEAD past the page. Orders share timestamps (a busy minute, an import) and totals, so
// only the id's tie-break keeps pages apart: walking every page by its "next" link must give each
// order of the viewer's stores exactly once, in every sort, and never another store's order.

const SCOPE: HistoryScope = {
  stores: [
    { id: "paging-b", name: "Zeta" },
    { id: "paging-a", name: "Alfa" },
  ],
  locale: "pt-BR",
};
const OUTSIDE = "paging-outside";
/** Two thirds in the viewer's stores, past COUNT_AHEAD: the first pages only know "more than". */
const ORDERS = 1_800;
const DAY = "2026-03-10";
// Two types outside TYPE_ORDER (another platform's, and none): the type sort's last group (0031).
const TYPES = ["DELIVERY", "TAKEOUT", "INDOOR", "CURBSIDE", ""];

async function seed(db: TestDatabase["db"]): Promise<void> {
  const stores = [...SCOPE.stores.map((store) => store.id), OUTSIDE];
  const rows = Array.from({ length: ORDERS }, (_, index) => {
    const storeId = stores[index % 3]!;
    // Seven orders a minute, all at the same instant.
    const placedAt = new Date(Date.parse(`${DAY}T12:00:00Z`) + Math.floor(index / 7) * 60_000);
    const card = boardCard({
      id: `paging-${String(index).padStart(5, "0")}`,
      storeId,
      displayId: String(index),
      type: TYPES[index % TYPES.length]!,
      column: BOARD_COLUMNS[index % BOARD_COLUMNS.length]!,
      // Few distinct totals (and some none): long runs of equal keys.
      total: index % 11 === 0 ? null : { value: (index % 5) * 10, currency: "BRL" },
      placedAt: placedAt.toISOString(),
      seq: index + 1,
    });
    return { id: card.id, storeId, channelId: storeId, board: card, boardColumn: card.column, seq: card.seq, placedAt };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(orders).values(rows.slice(start, start + 500));
}

/** Every page from the first, following "next" as the page offers it; each page's answer too. */
async function walk(db: TestDatabase["db"], filters: Partial<HistoryFilters>) {
  const pages = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await listHistory(db, SCOPE, historyFiltersSchema.parse({ from: DAY, to: DAY, ...filters, cursor }));
    pages.push(answer);
    if (!answer.next) return pages;
    cursor = answer.next;
    if (page > ORDERS) throw new Error("paging never ends");
  }
}

describe.each(testDatabaseKinds)("history paging (%s)", (kind) => {
  let database: TestDatabase;
  const inScope = Array.from({ length: ORDERS }, (_, index) => index)
    .filter((index) => index % 3 !== 2)
    .map((index) => `paging-${String(index).padStart(5, "0")}`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seed(database.db);
  }, 120_000);
  afterAll(async () => database?.destroy());

  it.each(HISTORY_SORTS.flatMap((sort) => (["asc", "desc"] as const).map((dir) => [sort, dir] as const)))(
    "sorted by %s %s, gives every order of the viewer's stores once across the pages",
    async (sort, dir) => {
      const pages = await walk(database.db, { sort, dir });
      const rows = pages.flatMap((page) => page.rows);
      const ids = rows.map((row) => row.id);
      // In the order the page places the platform's rows by (the same keys as the database's).
      expect(rows).toEqual([...rows].sort(rowComparator(sortSpec({ sort, dir }, SCOPE.stores, SCOPE.locale))));
      expect(ids).toHaveLength(inScope.length);
      expect(new Set(ids).size).toBe(inScope.length);
      expect([...ids].sort()).toEqual(inScope);
      expect(pages.every((page) => page.rows.length === PAGE_SIZE || page === pages.at(-1))).toBe(true);
      // Back from the last page by "previous": the same pages, in reverse.
      const back = [pages.at(-1)!];
      while (back.at(-1)!.previous) {
        const cursor = back.at(-1)!.previous!;
        back.push(
          await listHistory(database.db, SCOPE, historyFiltersSchema.parse({ from: DAY, to: DAY, sort, dir, cursor })),
        );
      }
      expect(back.reverse().map((page) => page.rows.map((row) => row.id))).toEqual(
        pages.map((page) => page.rows.map((row) => row.id)),
      );
    },
    60_000,
  );

  it("counts no further than COUNT_AHEAD past the page, and says when there are more", async () => {
    const pages = await walk(database.db, {});
    // The first pages count up to COUNT_AHEAD past their last row, the later ones to the end.
    const expected = inScope.length;
    expect(expected).toBeGreaterThan(COUNT_AHEAD);
    expect(pages[0]).toMatchObject({
      total: PAGE_SIZE + COUNT_AHEAD,
      totalCapped: true,
      pageCount: (PAGE_SIZE + COUNT_AHEAD) / PAGE_SIZE,
    });
    const last = pages.at(-1)!;
    expect(last).toMatchObject({ total: expected, totalCapped: false, pageCount: Math.ceil(expected / PAGE_SIZE) });
    expect(last.page).toBe(last.pageCount);
    // A narrower filter under the bound is counted exactly.
    const done = await listHistory(
      database.db,
      SCOPE,
      historyFiltersSchema.parse({ from: DAY, to: DAY, status: "done" }),
    );
    expect(done.totalCapped).toBe(false);
    expect(done.total).toBe(
      inScope.filter((id) => BOARD_COLUMNS[Number(id.slice(-5)) % BOARD_COLUMNS.length] === "done").length,
    );
  }, 60_000);
});
