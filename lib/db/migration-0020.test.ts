import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { migrationsBefore, migrationsFolder } from "@/e2e/support/migrations";
import type { BoardOrder } from "@/lib/contract/board";

// Migration 0020 (issue 28, channels) turns every store into a restaurant with one channel under
// the store's own id and moves the merchant's credentials and poll state onto that channel. It
// must lose nothing: this test fills every table the 0019 schema has, migrates, and checks each
// row is still there under its keys, unchanged but for what 0020 adds. The table list comes from
// 0019's snapshot, so a table added before 0020 without a row here fails the test.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0020-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Row = Record<string, unknown>;
type SnapshotTable = {
  name: string;
  columns: Record<string, { primaryKey?: boolean }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
};

const snapshot = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/0019_snapshot.json"), "utf8")) as {
  tables: Record<string, SnapshotTable>;
};
const tables = Object.values(snapshot.tables);

/** A table's primary key columns, as 0019 declares them. */
function keyOf(table: SnapshotTable): string[] {
  const composite = Object.values(table.compositePrimaryKeys);
  if (composite[0]) return composite[0].columns;
  return Object.entries(table.columns)
    .filter(([, column]) => column.primaryKey)
    .map(([name]) => name);
}

/** The merchant's columns that leave `stores` for `channels`. */
const movedStoreColumns = [
  "connection_id",
  "service_id",
  "admin_client_id",
  "admin_client_secret_encrypted",
  "admin_username",
  "admin_password_encrypted",
  "admin_refresh_token_encrypted",
  "admin_refresh_token_expires_at",
  "store_api_client_id",
  "store_api_client_secret_encrypted",
  "last_poll_at",
  "last_poll_ok_at",
  "last_error",
  "consecutive_failures",
];

/** What 0020 adds to the tables that already existed. */
const addedColumns: Record<string, string[]> = {
  // 0031 (issue 31): the rank the history sorts types by, computed by the database.
  orders: ["channel_id", "type_rank"],
  platform_connections: ["order_id_prefix"],
  platform_events: ["channel_id"],
  store_recent_errors: ["channel_id"],
  merchant_updates: ["channel_id"],
  // 0024 (issue 30): how a restaurant prices a pizza of several flavours.
  stores: ["pizza_pricing"],
};

const t = (minute: number) => `2026-03-02T15:${String(minute).padStart(2, "0")}:00.000Z`;

/** A board card as 0019's code wrote it: no channel yet. */
function board0019(id: string, storeId: string, displayId: string) {
  const card: Partial<BoardOrder> = boardCard({
    id,
    storeId,
    displayId,
    customerName: "Ana Souza",
    total: { value: 42.5, currency: "BRL" },
    placedAt: t(0),
  });
  delete card.channelId;
  return card;
}

const orderBoards = {
  "o-a1": board0019("o-a1", "store-a", "A-101"),
  "o-b1": board0019("o-b1", "store-b", "B-201"),
  "o-c1": board0019("o-c1", "store-c", "C-301"),
};

// Every table of 0019, with rows a running Comanda writes. Store a: a merchant on connection a
// with every credential and poll state set; store c: a second merchant on the same connection
// with none (from env); store b: a disabled sandbox merchant on connection b, failing its polls.
const rows0019 = `
  INSERT INTO platform_connections (id, name, base_url, client_id, client_secret_encrypted, poll_interval_seconds, created_at, updated_at) VALUES
    ('conn-a', 'Plataforma Alfa Delivery Brasil', 'https://alfa.example/od', 'cid-a', 'enc:v1:conn-a-secret', 30, '${t(1)}', '${t(2)}'),
    ('conn-b', 'Beta', 'https://beta.example/od', 'cid-b', 'enc:v1:conn-b-secret', 15, '${t(1)}', '${t(1)}');
  INSERT INTO stores (id, name, source, enabled, connection_id, service_id, admin_client_id, admin_client_secret_encrypted,
      admin_username, admin_password_encrypted, admin_refresh_token_encrypted, admin_refresh_token_expires_at,
      store_api_client_id, store_api_client_secret_encrypted, confirm_deadline_minutes, time_zone,
      default_preparation_minutes, report_preparing, pacing_enabled, pacing_capacity, pacing_hard_limit,
      last_poll_at, last_poll_ok_at, last_error, consecutive_failures, created_at, updated_at) VALUES
    ('store-a', 'Cantina da Ana', 'manager', true, 'conn-a', 'svc-a', 'admin-cid-a', 'enc:v1:admin-secret-a',
      'ana@cantina', 'enc:v1:admin-password-a', 'enc:v1:refresh-a', '2026-04-02T15:00:00.000Z',
      'store-api-cid-a', 'enc:v1:store-api-secret-a', 10, 'America/Sao_Paulo',
      25, false, true, 6, 18,
      '${t(40)}', '${t(39)}', 'HTTP 502 from /events:polling', 1, '${t(3)}', '${t(4)}'),
    ('store-c', 'Pastelaria do Zé', 'env', true, 'conn-a', null, null, null,
      null, null, null, null,
      null, null, 8, null,
      20, true, false, 8, 24,
      null, null, null, 0, '${t(5)}', '${t(5)}'),
    ('store-b', 'Sushi Beta', 'sandbox', false, 'conn-b', 'svc-b', null, null,
      null, null, null, null,
      null, null, 8, 'America/Manaus',
      20, true, false, 8, 24,
      '${t(41)}', null, 'HTTP 503', 7, '${t(6)}', '${t(7)}');
  INSERT INTO users (id, email, name, role, password_hash, disabled_at, created_at) VALUES
    (1, 'ana@cantina.example', 'Ana', 'owner', 'scrypt$owner', null, '${t(8)}'),
    (2, null, 'Cozinha', 'staff', null, '${t(9)}', '${t(8)}');
  INSERT INTO user_stores (user_id, store_id, pin_hash) VALUES
    (1, 'store-a', null), (1, 'store-b', null), (2, 'store-a', 'scrypt$pin');
  INSERT INTO auth_sessions (id, user_id, device_store_id, staff_user_id, created_at, expires_at, revoked_at) VALUES
    ('sess-owner', 1, null, null, '${t(10)}', '2026-04-02T15:00:00.000Z', null),
    ('sess-tablet', 1, 'store-a', 2, '${t(10)}', '2026-05-02T15:00:00.000Z', '${t(11)}');
  INSERT INTO auth_throttle (key, failures, window_started_at, locked_until) VALUES
    ('login:ana@cantina.example', 3, '${t(12)}', '${t(27)}');
  INSERT INTO orders (id, store_id, details, summary, details_error, board, board_column, seq, placed_at,
      auto_print_claimed_at, created_at, updated_at) VALUES
    ('o-a1', 'store-a', '{"customer":{"name":"Ana Souza","phone":{"number":"(11) 98765-4321"}}}', '{"items":1}', null,
      '${JSON.stringify(orderBoards["o-a1"])}', 'new', 1, '${t(0)}', '${t(13)}', '${t(0)}', '${t(14)}'),
    ('o-b1', 'store-b', null, null, 'HTTP 404 on details',
      '${JSON.stringify(orderBoards["o-b1"])}', 'new', 2, '${t(0)}', null, '${t(0)}', '${t(0)}'),
    ('o-c1', 'store-c', null, null, null,
      '${JSON.stringify(orderBoards["o-c1"])}', 'preparing', 3, '${t(0)}', null, '${t(0)}', '${t(0)}');
  INSERT INTO platform_events (event_id, store_id, order_id, event_type, occurred_at, received_at, acknowledged_at, payload) VALUES
    ('ev-a1', 'store-a', 'o-a1', 'CREATED', '${t(0)}', '${t(1)}', '${t(2)}', '{"eventId":"ev-a1"}'),
    ('ev-b1', 'store-b', 'o-b1', 'CREATED', '${t(0)}', '${t(1)}', null, '{"eventId":"ev-b1"}');
  INSERT INTO quarantined_events (id, store_id, event_id, order_id, reason, blob, received_at) VALUES
    (1, 'store-a', 'ev-bad', null, 'unparseable', '{not json', '${t(15)}');
  INSERT INTO item_marks (store_id, order_id, line, marked_by, marked_at) VALUES
    ('store-a', 'o-a1', 0, 'Cozinha', '${t(16)}');
  INSERT INTO order_actions (id, order_id, store_id, action, outcome, actor, request_body, response_status, response_body,
      requested_at, completed_at) VALUES
    (1, 'o-a1', 'store-a', 'confirm', 'ok', 'Ana', '{"preparationTime":25}', 202, '{"ok":true}', '${t(17)}', '${t(18)}');
  INSERT INTO action_claims (store_id, order_id, action, claimed_at) VALUES
    ('store-a', 'o-a1', 'confirm', '${t(17)}');
  INSERT INTO merchant_controls (store_id, api_key_hash, api_key_created_at, menu, menu_imported_at, paused, paused_until,
      pause_reason, paused_by, paused_at, busy_minutes, busy_by, pacing_reason, pacing_held, auto_accept, onboarded_at,
      updated_at) VALUES
    ('store-a', 'sha256:key', '${t(19)}', '{"categories":[]}', '${t(19)}', true, '${t(50)}',
      'Forno quebrado', 'Ana', '${t(20)}', 15, 'Ana', '{"load":20}', true, '{"enabled":true}', '${t(19)}', '${t(20)}');
  INSERT INTO merchant_sold_out (store_id, kind, ref_id, name, until, marked_by, marked_at) VALUES
    ('store-a', 'item', 12, 'Pizza de calabresa', '${t(55)}', 'Ana', '${t(21)}');
  INSERT INTO merchant_updates (id, store_id, body, attempts, next_attempt_at, last_error, created_at, acknowledged_at) VALUES
    (1, 'store-a', '{"status":"CLOSED"}', 2, '${t(22)}', 'HTTP 500', '${t(21)}', null),
    (2, 'store-b', '{"status":"AVAILABLE"}', 1, '${t(22)}', null, '${t(21)}', '${t(23)}');
  INSERT INTO merchant_control_log (id, store_id, at, actor, change, detail) VALUES
    (1, 'store-a', '${t(20)}', 'Ana', 'pause', '{"minutes":30}');
  INSERT INTO store_recent_errors (id, store_id, kind, message, order_id, first_at, last_at, count) VALUES
    (1, 'store-b', 'poll', 'HTTP 503', null, '${t(30)}', '${t(41)}', 7),
    (2, 'store-a', 'details', 'HTTP 404', 'o-a1', '${t(24)}', '${t(24)}', 1);
  INSERT INTO kitchen_stations (id, store_id, name, position, is_default, prep_minutes, updated_at) VALUES
    (1, 'store-a', 'Forno', 0, true, 12, '${t(25)}');
  INSERT INTO store_printers (id, store_id, name, host, port, code_page, paper_width, enabled, station_id, updated_at) VALUES
    (1, 'store-a', 'Forno', '10.0.0.9', 9100, 'cp860', 80, true, 1, '${t(25)}');
  INSERT INTO print_jobs (id, store_id, printer_id, order_id, ticket, created_at, attempts, next_attempt_at, claimed_until,
      last_error, printed_at, fire_minute) VALUES
    (1, 'store-a', 1, 'o-a1', '{"lines":[]}', '${t(18)}', 1, '${t(26)}', null, 'ECONNREFUSED', null, 0);
  INSERT INTO station_routes (store_id, kind, ref_id, station_id) VALUES ('store-a', 'item', 12, 1);
  INSERT INTO item_prep_times (store_id, kind, ref_id, minutes) VALUES ('store-a', 'item', 12, 8);
  INSERT INTO expo_settings (store_id, skip_types, updated_at) VALUES ('store-a', '["TAKEOUT"]', '${t(25)}');
  INSERT INTO instances (id, started_at, heartbeat_at) VALUES ('inst-1', '${t(0)}', '${t(42)}');
  INSERT INTO poller_leases (key, holder, token, expires_at) VALUES ('conn-a', 'inst-1', 7, '${t(43)}');
`;

async function publicTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

async function allRows(client: PGlite, table: SnapshotTable): Promise<Row[]> {
  const order = keyOf(table)
    .map((column) => `"${column}"`)
    .join(", ");
  return (await client.query<Row>(`SELECT * FROM "${table.name}" ORDER BY ${order}`)).rows;
}

/** The row of `table` with the key values of `row`, found through its key as the app finds it. */
async function byKey(client: PGlite, table: SnapshotTable, row: Row): Promise<Row[]> {
  const key = keyOf(table);
  const where = key.map((column, i) => `"${column}" = $${i + 1}`).join(" AND ");
  return (
    await client.query<Row>(
      `SELECT * FROM "${table.name}" WHERE ${where}`,
      key.map((column) => row[column]),
    )
  ).rows;
}

describe("migration 0020 (channels)", () => {
  it("keeps every row of every table, and moves each store's merchant onto one channel of its own", async () => {
    // pg_trgm: 0019's history indexes, as lib/db/client.ts loads it.
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore(20, scratch) });

    // The snapshot is 0019's schema, and every one of its tables has a row: a table added before
    // 0020 that this test does not fill fails here, not silently.
    expect(await publicTables(client)).toEqual(tables.map((table) => table.name).sort());
    await client.exec(rows0019);
    const empty: string[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table.name}"`);
      if (rows[0]?.n === 0) empty.push(table.name);
    }
    expect(empty, "tables of 0019 without a row in this test").toEqual([]);

    const before = new Map<string, Row[]>();
    for (const table of tables) before.set(table.name, await allRows(client, table));

    await migrate(db, { migrationsFolder });

    // Every row is still there, found by its key, with every column it had unchanged — but the
    // store's merchant columns (moved to channels) and the board's new channelId.
    for (const table of tables) {
      const old = before.get(table.name)!;
      expect(await allRows(client, table), table.name).toHaveLength(old.length);
      for (const row of old) {
        const found = await byKey(client, table, row);
        expect(found, `${table.name} ${JSON.stringify(row)}`).toHaveLength(1);
        const now = found[0] ?? {};
        const dropped = table.name === "stores" ? movedStoreColumns : [];
        expect(Object.keys(now).sort(), table.name).toEqual(
          [
            ...Object.keys(row).filter((column) => !dropped.includes(column)),
            ...(addedColumns[table.name] ?? []),
          ].sort(),
        );
        const kept = Object.fromEntries(
          Object.keys(row)
            .filter((c) => !dropped.includes(c))
            .map((c) => [c, row[c]]),
        );
        if (table.name === "orders") {
          kept.board = { ...(row.board as Row), channelId: row.store_id };
          // The rest of the card is as 0019 wrote it.
          expect(now.board).toEqual({ ...orderBoards[row.id as keyof typeof orderBoards], channelId: row.store_id });
        }
        expect(Object.fromEntries(Object.keys(kept).map((c) => [c, now[c]])), table.name).toEqual(kept);
        // Every row that named a store names its channel: the same id.
        if (addedColumns[table.name]?.includes("channel_id")) expect(now.channel_id).toBe(row.store_id);
      }
    }

    // Each store became a restaurant with exactly one channel: its merchant on its connection,
    // under its own id, with its credentials (ciphertext copied verbatim) and poll state.
    // (0024 adds each restaurant's own channels — counter, phone… — beside it: lib/db/migration-0024.test.ts.)
    const channels = (await client.query<Row>(`SELECT * FROM channels WHERE kind = 'platform' ORDER BY id`)).rows;
    const stores = before.get("stores")!;
    const connections = new Map(before.get("platform_connections")!.map((c) => [c.id as string, c]));
    expect(channels.map((channel) => channel.id)).toEqual(stores.map((store) => store.id));
    for (const store of stores) {
      const channel = channels.find((c) => c.id === store.id)!;
      const moved = Object.fromEntries(movedStoreColumns.map((c) => [c, store[c]]));
      expect(channel).toEqual({
        id: store.id,
        restaurant_id: store.id,
        merchant_id: store.id,
        kind: "platform",
        // A label fits a card's chip: the connection's name, cut to 16 characters.
        label: (connections.get(store.connection_id as string)!.name as string).slice(0, 16).trim(),
        color: "#2563eb",
        // A disabled store stays disabled as a restaurant (stores.enabled is kept above).
        enabled: true,
        source: store.source,
        own_source: null,
        // 0028: the restaurant's deadline until a channel's own is saved.
        confirm_deadline_minutes: null,
        ...moved,
        created_at: store.created_at,
        updated_at: store.updated_at,
      });
    }
    expect(channels.find((c) => c.id === "store-a")).toMatchObject({
      // The connection's name cut to 16 characters, without the space the cut left.
      label: "Plataforma Alfa",
      connection_id: "conn-a",
      admin_client_secret_encrypted: "enc:v1:admin-secret-a",
      admin_refresh_token_encrypted: "enc:v1:refresh-a",
      store_api_client_secret_encrypted: "enc:v1:store-api-secret-a",
      consecutive_failures: 1,
    });
    expect(channels.find((c) => c.id === "store-b")).toMatchObject({
      connection_id: "conn-b",
      consecutive_failures: 7,
    });

    // Every row that names a restaurant or a channel finds it.
    const restaurantIds = new Set(stores.map((store) => store.id));
    for (const table of tables) {
      for (const row of (await client.query<Row>(`SELECT * FROM "${table.name}"`)).rows) {
        for (const column of ["store_id", "device_store_id"]) {
          if (row[column] != null)
            expect(restaurantIds.has(row[column] as string), `${table.name}.${column}`).toBe(true);
        }
        if ("channel_id" in row) {
          expect(channels.find((c) => c.id === row.channel_id)?.restaurant_id, `${table.name}.channel_id`).toBe(
            row.store_id,
          );
        }
      }
    }

    // The connections of before 0020 keep their ids as they were: no order id prefix.
    const prefixes = await client.query(`SELECT id, order_id_prefix FROM platform_connections ORDER BY id`);
    expect(prefixes.rows).toEqual([
      { id: "conn-a", order_id_prefix: "" },
      { id: "conn-b", order_id_prefix: "" },
    ]);

    // The merchant's columns are gone from stores, and its foreign key with them.
    const storeColumns = await client.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'stores'`,
    );
    const remaining = storeColumns.rows.map((row) => row.name);
    expect(movedStoreColumns.filter((column) => remaining.includes(column))).toEqual([]);
    expect(remaining).toEqual(expect.arrayContaining(["id", "name", "source", "enabled", "time_zone"]));

    // The unsent merchant updates are found by channel through the rebuilt partial index.
    const pending = await client.query(
      `SELECT id, channel_id FROM merchant_updates WHERE acknowledged_at IS NULL ORDER BY channel_id, id`,
    );
    expect(pending.rows).toEqual([{ id: 1, channel_id: "store-a" }]);
    const indexes = await client.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'merchant_updates_pending_idx'`,
    );
    expect(indexes.rows[0]?.indexdef).toContain("(channel_id, id) WHERE (acknowledged_at IS NULL)");

    // A connection or a restaurant that channels still use cannot be deleted (0020's foreign keys).
    await expect(client.query(`DELETE FROM platform_connections WHERE id = 'conn-b'`)).rejects.toThrow(/foreign key/);
    await expect(client.query(`DELETE FROM stores WHERE id = 'store-b'`)).rejects.toThrow(/foreign key/);

    // One channel per merchant on a connection.
    await expect(
      client.query(
        `INSERT INTO channels (id, restaurant_id, kind, label, color, connection_id, merchant_id)
         VALUES ('dup', 'store-c', 'platform', 'Dup', '#000000', 'conn-a', 'store-a')`,
      ),
    ).rejects.toThrow();
    await client.close();
  });
});
