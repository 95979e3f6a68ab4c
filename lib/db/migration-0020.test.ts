import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder } from "@/e2e/support/migrations";

// Migration 0020 (issue 28) turns every store into a restaurant with one platform channel of the
// same id: the store's merchant on its connection, with its credentials and poll state; every
// order, event, recent error and merchant update of the store names that channel, and each card too.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0020-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migration 0020 (restaurants and channels)", () => {
  it("gives every store one channel of its id with its merchant's settings, and names it on all it stored", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore(20, scratch) });
    const lastPoll = "2026-11-20T19:00:00.000Z";
    await client.exec(`
      INSERT INTO platform_connections (id, name, base_url, client_id, client_secret_encrypted, poll_interval_seconds)
      VALUES ('conn', 'Delivery Rápido Brasil', 'https://platform.example', 'integrator', 'v1.secret', 5);
      INSERT INTO stores (id, name, source, enabled, connection_id, service_id, admin_client_id,
        admin_client_secret_encrypted, admin_username, admin_password_encrypted, admin_refresh_token_encrypted,
        admin_refresh_token_expires_at, store_api_client_id, store_api_client_secret_encrypted,
        last_poll_at, last_poll_ok_at, last_error, consecutive_failures)
      VALUES
        ('a', 'Loja A', 'env', true, 'conn', 'svc-a', 'admin-a', 'v1.admin-secret', 'ana', 'v1.password',
         'v1.refresh', '${lastPoll}', 'store-api-a', 'v1.store-secret', '${lastPoll}', '${lastPoll}', NULL, 0),
        ('b', 'Loja B', 'manager', false, 'conn', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
         '${lastPoll}', NULL, 'HTTP 503', 4);
      INSERT INTO orders (id, store_id, board, board_column, seq, placed_at)
      VALUES ('order-a', 'a', '{"id": "order-a", "storeId": "a", "column": "new"}', 'new', 1, '${lastPoll}'),
             ('order-b', 'b', '{"id": "order-b", "storeId": "b", "column": "done"}', 'done', 2, '${lastPoll}');
      INSERT INTO platform_events (event_id, store_id, order_id, event_type, occurred_at, payload)
      VALUES ('event-a', 'a', 'order-a', 'CREATED', '${lastPoll}', '{}');
      INSERT INTO store_recent_errors (store_id, kind, message, first_at, last_at)
      VALUES ('b', 'poll', 'HTTP 503', '${lastPoll}', '${lastPoll}');
      INSERT INTO merchant_updates (store_id, body) VALUES ('a', '{"entityType": "STATUS"}');
    `);
    await migrate(db, { migrationsFolder });

    const { rows: channels } = await client.query(`
      SELECT id, restaurant_id, kind, label, color, enabled, source, connection_id, merchant_id, service_id,
        admin_client_id, admin_client_secret_encrypted, admin_username, admin_password_encrypted,
        admin_refresh_token_encrypted, admin_refresh_token_expires_at, store_api_client_id,
        store_api_client_secret_encrypted, last_poll_at, last_poll_ok_at, last_error, consecutive_failures
      FROM channels ORDER BY id`);
    const at = new Date(lastPoll);
    // The label is the platform's (connection's) name, cut to fit a card (no space left at the cut).
    const label = "Delivery Rápido";
    expect(channels).toEqual([
      {
        id: "a",
        restaurant_id: "a",
        kind: "platform",
        label,
        color: "#2563eb",
        enabled: true,
        source: "env",
        connection_id: "conn",
        merchant_id: "a",
        service_id: "svc-a",
        admin_client_id: "admin-a",
        admin_client_secret_encrypted: "v1.admin-secret",
        admin_username: "ana",
        admin_password_encrypted: "v1.password",
        admin_refresh_token_encrypted: "v1.refresh",
        admin_refresh_token_expires_at: at,
        store_api_client_id: "store-api-a",
        store_api_client_secret_encrypted: "v1.store-secret",
        last_poll_at: at,
        last_poll_ok_at: at,
        last_error: null,
        consecutive_failures: 0,
      },
      {
        id: "b",
        restaurant_id: "b",
        kind: "platform",
        label,
        color: "#2563eb",
        // A disabled store stays a disabled restaurant; its channel is enabled within it.
        enabled: true,
        source: "manager",
        connection_id: "conn",
        merchant_id: "b",
        service_id: null,
        admin_client_id: null,
        admin_client_secret_encrypted: null,
        admin_username: null,
        admin_password_encrypted: null,
        admin_refresh_token_encrypted: null,
        admin_refresh_token_expires_at: null,
        store_api_client_id: null,
        store_api_client_secret_encrypted: null,
        last_poll_at: at,
        last_poll_ok_at: null,
        last_error: "HTTP 503",
        consecutive_failures: 4,
      },
    ]);
    expect((await client.query(`SELECT id, name, enabled FROM stores ORDER BY id`)).rows).toEqual([
      { id: "a", name: "Loja A", enabled: true },
      { id: "b", name: "Loja B", enabled: false },
    ]);
    // The store keeps only a restaurant's columns.
    const storeColumns = (
      await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'stores'`,
      )
    ).rows.map((row) => row.column_name);
    for (const moved of ["connection_id", "admin_refresh_token_encrypted", "last_poll_at", "consecutive_failures"])
      expect(storeColumns).not.toContain(moved);

    expect(
      (await client.query(`SELECT id, channel_id, board->>'channelId' AS card_channel FROM orders ORDER BY id`)).rows,
    ).toEqual([
      { id: "order-a", channel_id: "a", card_channel: "a" },
      { id: "order-b", channel_id: "b", card_channel: "b" },
    ]);
    expect((await client.query(`SELECT event_id, channel_id FROM platform_events`)).rows).toEqual([
      { event_id: "event-a", channel_id: "a" },
    ]);
    expect((await client.query(`SELECT store_id, channel_id FROM store_recent_errors`)).rows).toEqual([
      { store_id: "b", channel_id: "b" },
    ]);
    expect((await client.query(`SELECT store_id, channel_id FROM merchant_updates`)).rows).toEqual([
      { store_id: "a", channel_id: "a" },
    ]);
    // Every id stored before keeps its meaning: the connection has no order id namespace.
    expect((await client.query(`SELECT order_id_prefix FROM platform_connections`)).rows).toEqual([
      { order_id_prefix: "" },
    ]);
    await client.close();
  });
});
