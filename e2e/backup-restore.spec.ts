import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startComandaServer, signInWhenReady, type ComandaServer } from "./support/comanda-server";
import { signInCookie } from "./support/session";

/**
 * Issue 26, must-have 9: `npm run backup` copies a running Comanda on the embedded database
 * (PGlite, held by the server) while orders keep arriving; `npm run restore` brings the copy
 * back into a new DATA_DIR, as on a fresh machine; Comanda started there has every order the
 * first one had stored before the copy began, and a tablet's session from before still works
 * (its keys came with the copy). BACKUP_ORDERS sets how many orders (300 by default).
 */

const ORDERS = Number(process.env.BACKUP_ORDERS ?? 300);

function run(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", `scripts/${script}.ts`, ...args],
      {
        env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "error", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

/**
 * Every order id the history lists (Comanda's own and the platform's), page by page. Its pages are
 * offsets into Comanda's orders merged with the platform's live list (lib/history/merge.ts): when
 * the history changes between two pages (orders arriving, the platform's list failing or changing),
 * rows shift across a page boundary and are never seen. The restored server's channels, say, point
 * at the first server's sandbox (which lists the orders placed during the copy) until its start
 * points them at its own, while it already signs in (its accounts came with the copy): a page read
 * before that and one after differ by those orders, and as many of its own were skipped (once, on
 * a loaded machine). So a pass counts only when every page told the same total; otherwise the
 * history is read again.
 */
async function historyIds(base: string, cookie: string): Promise<Set<string>> {
  let ids = new Set<string>();
  await expect(async () => {
    ids = new Set<string>();
    const totals = new Set<number>();
    // Page after page by each page's cursor (keyset paging), until none follows.
    for (let cursor = ""; ;) {
      const response = await fetch(`${base}/api/manager/orders${cursor ? `?cursor=${cursor}` : ""}`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as {
        rows: Array<{ id: string; source: string }>;
        total: number;
        next: string | null;
      };
      totals.add(answer.total);
      for (const row of answer.rows) if (row.source !== "platform") ids.add(row.id);
      if (!answer.next) break;
      cursor = answer.next;
    }
    expect([...totals], "the history changed while it was paged: read again").toHaveLength(1);
  }).toPass({ timeout: 120_000, intervals: [1_000] });
  return ids;
}

test.describe("backup and restore of a running Comanda", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "comanda-backup-e2e-"));
  const first = path.join(work, "first");
  const second = path.join(work, "second");
  const file = path.join(work, "comanda.backup.gz");
  const servers: ComandaServer[] = [];

  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test("a backup taken under load restores on a fresh machine with every order", async () => {
    test.setTimeout(600_000);
    const original = await startComandaServer({ dataDir: first });
    servers.push(original);
    const tablet = await signInWhenReady(() => signInCookie(original.base, "kitchen"));
    const manager = await signInCookie(original.base, "manager");
    const [merchant] = (await (await fetch(`${original.base}/sandbox/control/merchants`)).json()) as Array<{
      merchantId: string;
    }>;
    const place = async () => {
      const response = await fetch(`${original.base}/sandbox/control/orders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ merchantId: merchant!.merchantId }),
      });
      return ((await response.json()) as { orderId: string }).orderId;
    };
    const placed: string[] = [];
    for (let i = 0; i < ORDERS; i++) placed.push(await place());
    let stored = await historyIds(original.base, manager);
    await expect
      .poll(
        async () => {
          stored = await historyIds(original.base, manager);
          return placed.filter((id) => stored.has(id)).length;
        },
        { timeout: 300_000, intervals: [1_000] },
      )
      .toBe(ORDERS);

    // Orders keep arriving while the copy is taken, and the kitchen's board keeps being read.
    let loading = true;
    let placedDuring = 0;
    const load = (async () => {
      while (loading) {
        await place();
        placedDuring++;
      }
    })();
    let slowestBoardMs = 0;
    const boardReads = (async () => {
      while (loading) {
        const started = performance.now();
        const response = await fetch(`${original.base}/api/orders`, { headers: { cookie: tablet } });
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        slowestBoardMs = Math.max(slowestBoardMs, performance.now() - started);
      }
    })();
    const backup = await run("backup", ["--out", file], {
      DATA_DIR: first,
      PORT: new URL(original.base).port,
    });
    loading = false;
    await Promise.all([load, boardReads]);
    // The first machine is gone: the restored server's channels, copied pointing at the first
    // server's embedded sandbox until its start points them at its own, must not list its orders.
    await original.stop();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/includes secrets\.key/);
    expect(backup.output).toMatch(/includes auth-secret/);
    const size = statSync(file).size;

    // A fresh machine: an empty DATA_DIR.
    const restore = await run("restore", [file], { DATA_DIR: second });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/secrets\.key: restored from the backup/);
    // Not over a database that is there, without --force.
    const again = await run("restore", [file], { DATA_DIR: second });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds a database: restore with --force/);

    const restored = await startComandaServer({ dataDir: second });
    servers.push(restored);
    const found = await historyIds(restored.base, await signInWhenReady(() => signInCookie(restored.base, "manager")));
    const missing = [...stored].filter((id) => !found.has(id));
    expect(missing).toEqual([]);
    // The tablet signed in on the first server is still signed in: sessions and AUTH_SECRET came along.
    expect((await fetch(`${restored.base}/api/orders`, { headers: { cookie: tablet } })).status).toBe(200);
    console.log(
      `backup: ${stored.size} orders stored before it (${placedDuring} placed during it): ` +
        `backup ${Math.round(backup.ms)} ms, ${(size / 1e6).toFixed(2)} MB, slowest board read meanwhile ${Math.round(slowestBoardMs)} ms; ` +
        `restore ${Math.round(restore.ms)} ms; ` +
        `${found.size} orders on the restored server\n${backup.output}${restore.output}`,
    );
  });
});
