import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { parseCsv } from "@/e2e/support/csv";
import {
  createTestDatabase,
  insertTestConnection,
  TEST_CONNECTION_ID,
  testDatabaseKinds,
  type TestDatabase,
} from "@/e2e/support/database";
import { historyFiltersSchema } from "@/lib/contract/history";
import { channels, orders, stores } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { exportHistoryCsv } from "./export";
import { historyForExport, listHistory, type HistoryScope } from "./history";

// The history by channel (issue 28): every row names its channel (label and platform), the
// `channel` filter narrows the rows and the export, and a channel none of the viewer's restaurants
// owns is refused as a foreign store is — even when it exists.

const MINE = "rest-mine";
const THEIRS = "rest-theirs";
const SCOPE: HistoryScope = { stores: [{ id: MINE, name: "Cantina" }], locale: "pt-BR" };
const DAY = "2026-03-10";

const channelRows = [
  {
    id: "ch-app",
    restaurantId: MINE,
    kind: "platform" as const,
    label: "App 1",
    color: "#2563eb",
    connectionId: TEST_CONNECTION_ID,
    merchantId: "m-app",
  },
  { id: "ch-counter", restaurantId: MINE, kind: "own" as const, label: "Balcão", color: "#16a34a" },
  {
    id: "ch-theirs",
    restaurantId: THEIRS,
    kind: "platform" as const,
    label: "App 2",
    color: "#dc2626",
    connectionId: TEST_CONNECTION_ID,
    merchantId: "m-theirs",
  },
];

/** Five app orders and three counter orders at my restaurant, two at theirs: one a minute. */
const orderRows = [
  ...Array.from({ length: 5 }, (_, i) => ({ id: `app-${i}`, storeId: MINE, channelId: "ch-app" })),
  ...Array.from({ length: 3 }, (_, i) => ({ id: `counter-${i}`, storeId: MINE, channelId: "ch-counter" })),
  ...Array.from({ length: 2 }, (_, i) => ({ id: `theirs-${i}`, storeId: THEIRS, channelId: "ch-theirs" })),
].map((row, index) => {
  const placedAt = new Date(Date.parse(`${DAY}T12:00:00Z`) + index * 60_000);
  const board = boardCard({
    id: row.id,
    storeId: row.storeId,
    channelId: row.channelId,
    displayId: String(100 + index),
    placedAt: placedAt.toISOString(),
    seq: index + 1,
  });
  return { ...row, board, boardColumn: board.column, seq: board.seq, placedAt };
});

const filters = (input: Record<string, string> = {}) => historyFiltersSchema.parse({ from: DAY, to: DAY, ...input });

const words = {
  header: (column: string) => column,
  status: (column: string) => column,
  type: (type: string) => type,
  ownChannel: "Canal próprio",
  locale: "pt-BR",
};

describe.each(testDatabaseKinds)("the history by channel (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertTestConnection(database.db);
    await database.db.insert(stores).values([
      { id: MINE, name: "Cantina" },
      { id: THEIRS, name: "Outra" },
    ]);
    await database.db.insert(channels).values(channelRows);
    await database.db.insert(orders).values(orderRows);
  });
  afterAll(async () => database?.destroy());

  it("names each row's channel: its label, colour and platform (none for the restaurant's own)", async () => {
    const page = await listHistory(database.db, SCOPE, filters());
    expect(page.total).toBe(8);
    const byId = new Map(page.rows.map((row) => [row.id, row]));
    expect(byId.get("app-0")).toMatchObject({
      channelId: "ch-app",
      channelLabel: "App 1",
      channelColor: "#2563eb",
      platformName: "Test platform",
    });
    expect(byId.get("counter-0")).toMatchObject({
      channelId: "ch-counter",
      channelLabel: "Balcão",
      platformName: null,
    });
    expect(page.rows.some((row) => row.storeId === THEIRS)).toBe(false);
  });

  it("filters by channel, counting only that channel's orders", async () => {
    const counter = await listHistory(database.db, SCOPE, filters({ channel: "ch-counter" }));
    expect(counter.total).toBe(3);
    expect(counter.rows.map((row) => row.id)).toEqual(["counter-2", "counter-1", "counter-0"]);
    const app = await listHistory(database.db, SCOPE, filters({ channel: "ch-app", sort: "store" }));
    expect(app.rows.map((row) => row.channelId)).toEqual(Array(5).fill("ch-app"));
  });

  it("refuses a channel of another's restaurant, and one that does not exist, as a foreign store", async () => {
    for (const channel of ["ch-theirs", "no-such-channel"]) {
      const refused = listHistory(database.db, SCOPE, filters({ channel }));
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: "forbidden" });
      await expect(historyForExport(database.db, SCOPE, filters({ channel }))).rejects.toMatchObject({
        code: "forbidden",
      });
    }
    // The owner's own scope reads it.
    const theirs = await listHistory(
      database.db,
      { stores: [{ id: THEIRS, name: "Outra" }] },
      filters({ channel: "ch-theirs" }),
    );
    expect(theirs.total).toBe(2);
  });

  it("exports the channel and platform columns, filtered by channel too", async () => {
    const all = parseCsv((await exportHistoryCsv(database.db, SCOPE, filters(), words)).csv, ";");
    const header = all[0]!;
    const column = (name: string) => header.indexOf(name);
    expect(column("channel")).toBeGreaterThan(-1);
    const cells = new Map(
      all.slice(1).map((line) => [line[column("orderId")], [line[column("channel")], line[column("platform")]]]),
    );
    expect(cells.get("app-1")).toEqual(["App 1", "Test platform"]);
    expect(cells.get("counter-1")).toEqual(["Balcão", "Canal próprio"]);
    const counter = parseCsv(
      (await exportHistoryCsv(database.db, SCOPE, filters({ channel: "ch-counter" }), words)).csv,
      ";",
    );
    expect(counter.slice(1).map((line) => line[column("orderId")])).toEqual(["counter-2", "counter-1", "counter-0"]);
  });
});
