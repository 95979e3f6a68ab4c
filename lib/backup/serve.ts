import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import type { DatabaseHandle } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { makePrivateDir } from "@/lib/private-files";
import { processSingleton } from "@/lib/process/singleton";
import { dumpDatabase } from "./dump";
import { getAuthSecret } from "@/lib/auth/secret";
import { secretsKeyFingerprint } from "@/lib/stores/secrets";
import { keyFingerprint, type BackupHeader } from "./format";

/** While the copy is written, a blank line this often keeps the connection from looking idle. */
const KEEPALIVE_MS = 10_000;

/** The fingerprints of the keys this server uses (lib/backup/keys.ts reads the same from files). */
function serverKeyFingerprints(): BackupHeader["keyFingerprints"] {
  return { secretsKey: secretsKeyFingerprint(), authSecret: keyFingerprint(getAuthSecret()) };
}

const running = () => processSingleton("backupRunning", () => ({ now: false }));

/**
 * The running server's answer to `npm run backup`: a consistent copy of its database as backup
 * lines (plain text; the command compresses it). The copy is first written to a private file in
 * DATA_DIR — on PGlite the dump holds other queries back, so it must not wait on the client's
 * pace — then sent and deleted. One at a time per process.
 */
export function backupResponse(handle: Pick<DatabaseHandle, "db" | "kind">): Response {
  const state = running();
  if (state.now) throw new AppError("action_not_allowed", "A backup is being written already: try again when it ends.");
  state.now = true;
  const dir = path.resolve(env.DATA_DIR, "backup-in-progress");
  makePrivateDir(dir);
  const file = path.join(dir, `backup-${Date.now()}-${randomBytes(4).toString("hex")}.txt`);
  const out = createWriteStream(file, { mode: 0o600, flags: "wx" });
  const started = Date.now();
  const dumped = dumpDatabase(handle, serverKeyFingerprints(), async (text) => {
    if (!out.write(text)) await once(out, "drain");
  }).then(async (summary) => {
    out.end();
    await once(out, "close");
    log.info({ rows: summary.rows, ms: Date.now() - started }, "backup written");
    return summary;
  });
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    out.destroy();
    rmSync(file, { force: true });
    state.now = false;
  };
  let keepalive: ReturnType<typeof setInterval> | undefined;
  let reading: AsyncIterator<Buffer> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      keepalive = setInterval(() => controller.enqueue(new TextEncoder().encode("\n")), KEEPALIVE_MS);
    },
    async pull(controller) {
      try {
        if (!reading) {
          await dumped;
          clearInterval(keepalive);
          reading = (createReadStream(file) as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
        }
        const next = await reading.next();
        if (next.done) {
          done();
          controller.close();
        } else controller.enqueue(new Uint8Array(next.value));
      } catch (error) {
        clearInterval(keepalive);
        log.error({ err: error }, "backup failed");
        done();
        controller.error(error);
      }
    },
    cancel() {
      clearInterval(keepalive);
      // The copy may still be running: the file goes once it has.
      void dumped.finally(done).catch(() => undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}
