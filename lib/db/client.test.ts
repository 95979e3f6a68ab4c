import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { createEmptyPostgresDatabase } from "@/e2e/support/database";
import { rowsOf } from "./bulk";
import { openDatabase, SILENT_CONNECTION_MS } from "./client";

const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres)
  console.log("lib/db/client.test.ts: concurrent migrations on PostgreSQL skipped (set TEST_DATABASE_URL)");

describe.skipIf(!postgres)("openDatabase on a fresh PostgreSQL", () => {
  it("lets two instances open it at once: one migrates, the other waits and starts", async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    try {
      const handles = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
      for (const handle of handles) {
        const rows = await handle.db.execute("select 1 as ok");
        expect(rows).toBeTruthy();
        await handle.close();
      }
    } finally {
      await drop();
    }
  });
});

describe.skipIf(!postgres)("the pool's idle connections on PostgreSQL", () => {
  // pg's pool closed an idle connection after 10 s, the silence limit's own figure; the socket's
  // timer was armed first and won, so every connection that went idle was logged as lost.
  it("are closed by the pool before the silence limit, without a warning", async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    const warn = vi.spyOn(console, "warn");
    const handle = await openDatabase({ databaseUrl: url, migrate: false });
    try {
      const backend = async () => {
        const result = await handle.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        return Number((result as unknown as { rows: Array<{ pid: number }> }).rows[0]?.pid);
      };
      const pid = await backend();
      // Another session watches for the pooled session to end (the pool keeps no other).
      const { Client } = await import("pg");
      const watcher = new Client({ connectionString: url });
      await watcher.connect();
      const alive = async () =>
        (await watcher.query("select 1 from pg_stat_activity where pid = $1", [pid])).rowCount === 1;
      try {
        await expect.poll(alive, { timeout: SILENT_CONNECTION_MS - 1_000, interval: 250 }).toBe(false);
      } finally {
        await watcher.end();
      }
      expect(warn.mock.calls.flat().join(" ")).not.toContain("connection lost");
    } finally {
      warn.mockRestore();
      await handle.close();
      await drop();
    }
  });
});

describe("openDatabase on PGlite", () => {
  const parents: string[] = [];
  afterAll(async () => {
    for (const dir of parents) await rm(dir, { recursive: true, force: true });
  });

  it("refreshes the planner's statistics on its own (PGlite has no autovacuum)", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "comanda-analyze-"));
    parents.push(parent);
    const handle = await openDatabase({ dataDir: path.join(parent, "pglite"), analyze: { afterMs: 50, everyMs: 100 } });
    try {
      await handle.db.execute(
        sql`insert into platform_events (event_id, store_id, channel_id, order_id, event_type, occurred_at, payload)
            select 'e' || n, 's', 's', 'o' || n, 'CREATED', now(), '{}'::jsonb from generate_series(1, 300) n`,
      );
      // The planner's row count for the table: -1 (never analyzed) until ANALYZE has run.
      const estimate = async () => {
        const result = await handle.db.execute<{ reltuples: number }>(
          sql`select reltuples from pg_class where relname = 'platform_events'`,
        );
        return Number((result as unknown as { rows: Array<{ reltuples: number }> }).rows[0]?.reltuples);
      };
      await expect.poll(estimate, { timeout: 10_000 }).toBe(300);
    } finally {
      await handle.close();
    }
  });

  it("keeps 32 MB of shared buffers, not initdb's 128 MB, with PGlite's own settings kept (issue 31, point 4)", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "comanda-buffers-"));
    parents.push(parent);
    const handle = await openDatabase({ dataDir: path.join(parent, "pglite") });
    try {
      const setting = async (name: string) =>
        rowsOf<{ value: string }>(await handle.db.execute(sql`select current_setting(${name}) as value`))[0]?.value;
      expect(await setting("shared_buffers")).toBe("32MB");
      // PGlite's defaults still apply beside ours (they are replaced as a whole when start
      // parameters are given).
      expect(await setting("max_worker_processes")).toBe("0");
    } finally {
      await handle.close();
    }
  });

  it("creates its data directory private to the server's user (0700)", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "comanda-mode-"));
    parents.push(parent);
    const dataDir = path.join(parent, "data", "pglite");
    const previous = process.umask(0o022);
    try {
      const handle = await openDatabase({ dataDir });
      await handle.close();
    } finally {
      process.umask(previous);
    }
    expect((await stat(path.join(parent, "data"))).mode & 0o777).toBe(0o700);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });
});
