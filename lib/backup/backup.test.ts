import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "@/e2e/support/database";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { connectTestStore, type TestStore } from "@/e2e/support/store-connection";
import { createSession } from "@/lib/auth/sessions";
import { createUser } from "@/lib/auth/users";
import { rowsOf } from "@/lib/db/bulk";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { BackupCheck } from "./check";
import { dumpDatabase } from "./dump";
import { BackupFileWriter, readBackupFile } from "./file";
import { targetKeyFingerprints } from "./keys";
import { migrationLevel } from "./migrations";
import { restoreDatabase, type RestoreTarget } from "./restore";

// Backups taken while orders arrive (a real poller storing the sandbox's orders), restored into a
// new database of either kind: every order stored before the backup began is there, each with
// its events, and the sequences go on from where they were. On PostgreSQL the copy is taken by
// `npm run backup` itself, as a separate process, while this one writes.

const DATABASE_KINDS = testDatabaseKinds;

async function ids(db: DatabaseHandle["db"]): Promise<Set<string>> {
  return new Set((await db.select({ id: orders.id }).from(orders)).map((row) => row.id));
}

async function count(db: DatabaseHandle["db"], query: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await db.execute(sql.raw(query)));
  return Number(row!.n);
}

/** `npm run backup` (or restore) as its own process, with this environment added. */
function runScript(script: "backup" | "restore", args: string[], extraEnv: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", `scripts/${script}.ts`, ...args],
      {
        env: { ...process.env, LOG_LEVEL: "silent", ...extraEnv },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** A new, empty restore target of this kind. */
async function emptyTarget(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const dir = await mkdtemp(path.join(os.tmpdir(), "comanda-restore-"));
    const target: RestoreTarget = { dataDir: path.join(dir, "pglite") };
    return { target, remove: () => rm(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  return { target: { databaseUrl: url } as RestoreTarget, remove: drop };
}

// PGlite databases take seconds to open on a shared machine, and a restore opens one twice.
describe.each(DATABASE_KINDS)("backup of a %s database under load, and its restore", { timeout: 180_000 }, (kind) => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let store: TestStore;
  let merchant: SandboxMerchant;
  let work: string;
  let file: string;
  let before: Set<string>;
  const cleanups: Array<() => Promise<unknown>> = [];

  const place = async () =>
    (await sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId: merchant.merchantId }))
      .orderId;

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase(kind)]);
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    store = await connectTestStore(sandbox, merchant, database);
    work = await mkdtemp(path.join(os.tmpdir(), "comanda-backup-test-"));
    file = path.join(work, "copy.backup.gz");
    for (let i = 0; i < 30; i++) await place();
    await store.connection.poller.pollOnce();
    const userId = await createUser(database.db, {
      email: `backup-${kind}@test.comanda`,
      name: "Backup",
      role: "manager",
      password: "backup-password",
    });
    await createSession(database.db, userId);
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await database?.destroy();
    await sandbox?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("takes a consistent copy while orders are placed and stored", async () => {
    before = await ids(database.db);
    expect(before.size).toBeGreaterThanOrEqual(30);
    // Load: orders placed and polled in a loop, each poll a write transaction, until the copy ends.
    let loading = true;
    const load = (async () => {
      let placed = 0;
      while (loading) {
        await place();
        await store.connection.poller.pollOnce();
        placed++;
      }
      return placed;
    })();
    const started = Date.now();
    try {
      if (kind === "postgres") {
        // The command itself, reading PostgreSQL in one snapshot while this process writes.
        const secretsKey = readFileSync(path.resolve(env.DATA_DIR, "secrets.key"), "utf8").trim();
        const { code, output } = await runScript("backup", ["--out", file], {
          DATABASE_URL: database.url!,
          SECRETS_KEY: secretsKey,
        });
        expect(code, output).toBe(0);
        expect(output).toMatch(/SECRETS_KEY comes from the environment and is not included/);
      } else {
        // What the running server does for `npm run backup` (lib/backup/serve.ts), in process.
        const writer = new BackupFileWriter(file);
        const check = new BackupCheck((text) => writer.write(text), null);
        await dumpDatabase(database, targetKeyFingerprints(env), (text) => check.push(text));
        await check.end();
        await writer.finish();
      }
    } finally {
      loading = false;
    }
    const placedDuring = await load;
    console.log(
      `${kind}: backup of ${before.size}+ orders taken in ${Date.now() - started} ms while ${placedDuring} more were placed and stored`,
    );
    expect(placedDuring).toBeGreaterThan(0);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it.each(DATABASE_KINDS)(
    "restores it into a new %s database: every order, its events, and the sequences",
    async (to) => {
      const { target, remove } = await emptyTarget(to);
      cleanups.push(remove);
      const result = await restoreDatabase(readBackupFile(file), { target, force: false });
      const restored = await openDatabase(target);
      try {
        const found = await ids(restored.db);
        for (const id of before) expect(found.has(id), `order ${id}`).toBe(true);
        expect(found.size).toBe(result.rows.orders);
        // A snapshot: no order without the events stored with it, no card ahead of the sequence.
        expect(
          await count(
            restored.db,
            "select count(*)::text as n from orders o where not exists (select 1 from platform_events e where e.order_id = o.id)",
          ),
        ).toBe(0);
        expect(
          await count(
            restored.db,
            "select (coalesce((select max(seq) from orders), 0) <= (select last_value from board_seq))::int::text as n",
          ),
        ).toBe(1);
        // Every table as many rows as the copy says, and the same migration level as the source.
        for (const [table, rows] of Object.entries(result.rows))
          expect(await count(restored.db, `select count(*)::text as n from "${table}"`), table).toBe(rows);
        expect((await migrationLevel(restored.db)).when).toBe((await migrationLevel(database.db)).when);
        // Serial ids go on after the restored ones.
        await createUser(restored.db, { email: `after-${to}@test.comanda`, name: "After", role: "kitchen" });
        // A restored database serves as the source did: its store, its orders on the board.
        expect(await count(restored.db, "select count(*)::text as n from stores")).toBe(1);
      } finally {
        await restored.close();
      }

      // Not over data that is there, without --force.
      await expect(restoreDatabase(readBackupFile(file), { target, force: false })).rejects.toThrow(/already holds/);
    },
  );

  it("replaces a target holding data only with force (PGlite's folder kept aside)", async () => {
    const { target, remove } = await emptyTarget(kind);
    cleanups.push(remove);
    await restoreDatabase(readBackupFile(file), { target, force: false });
    const result = await restoreDatabase(readBackupFile(file), { target, force: true });
    if ("dataDir" in target) expect(existsSync(result.movedAside!)).toBe(true);
    const restored = await openDatabase(target);
    try {
      expect((await ids(restored.db)).size).toBe(result.rows.orders);
    } finally {
      await restored.close();
    }
  });

  it("refuses a cut file (keeping no row of it) and a newer Comanda's backup (before touching the target)", async () => {
    const lines = readFileSync(file).length > 0 ? await collect(readBackupFile(file)) : [];
    const cut = path.join(work, "cut.txt");
    writeFileSync(cut, lines.slice(0, -1).join("\n"));
    const { target, remove } = await emptyTarget(kind);
    cleanups.push(remove);
    await expect(restoreDatabase(readBackupFile(cut), { target, force: false })).rejects.toThrow(/cut short/);

    const newer = path.join(work, "newer.txt");
    const header = JSON.parse(lines[0]!.slice(2)) as { migration: { when: number } };
    header.migration.when = 9_999_999_999_999;
    writeFileSync(newer, [`H\t${JSON.stringify(header)}`, ...lines.slice(1)].join("\n"));
    await expect(restoreDatabase(readBackupFile(newer), { target, force: false })).rejects.toThrow(
      /migration this Comanda does not have/,
    );
    // All or nothing: the cut file left no row, so the whole one restores there without --force.
    expect((await restoreDatabase(readBackupFile(file), { target, force: false })).rows.orders).toBeGreaterThan(0);
  });
});

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}
