// `npm run backup -- [--out FILE] [--url URL] [--offline] [--without-keys]`
// A consistent copy of Comanda's database (and, with the embedded one, its generated keys) in one
// gzip file, taken while Comanda runs. With DATABASE_URL it reads PostgreSQL directly, in one
// REPEATABLE READ snapshot. With the embedded database (PGlite allows one process per data
// directory) it asks the running server on 127.0.0.1:$PORT (or --url), with a token made from the
// server's AUTH_SECRET; --offline reads DATA_DIR itself, for a stopped server. The README says how
// and how often; `npm run restore` brings a copy back.
import { statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupCheck } from "@/lib/backup/check";
import { dumpDatabase } from "@/lib/backup/dump";
import { BackupFileWriter } from "@/lib/backup/file";
import { keysFromDataDir, KEY_FILES, targetKeyFingerprints } from "@/lib/backup/keys";
import { backupAuthorization } from "@/lib/backup/token";
import { openDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    url: { type: "string" },
    offline: { type: "boolean", default: false },
    "without-keys": { type: "boolean", default: false },
  },
});

/** The server's AUTH_SECRET as the server reads it, without making one. */
function authSecret(): string {
  const secret =
    env.AUTH_SECRET ?? keysFromDataDir({ ...env, SECRETS_KEY: undefined, AUTH_SECRET: undefined }).authSecret;
  if (!secret)
    throw new Error(
      `No AUTH_SECRET in the environment and no ${path.resolve(env.DATA_DIR, KEY_FILES.authSecret)}: run this with the server's DATA_DIR and environment.`,
    );
  return secret;
}

/** Asks the running server for the copy and passes its text to `push`. */
async function fromServer(push: (text: string) => Promise<void>): Promise<void> {
  const base = (values.url ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetch(`${base}/api/admin/backup`, {
      method: "POST",
      headers: { authorization: backupAuthorization(authSecret(), new Date()) },
    });
  } catch (error) {
    throw new Error(
      `No Comanda answers at ${base} (${String((error as Error).cause ?? error)}): start it, pass --url, or with the server stopped use --offline.`,
    );
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => "");
    throw new Error(`The server refused the backup (HTTP ${response.status}): ${text.slice(0, 300)}`);
  }
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
    await push(decoder.decode(chunk, { stream: true }));
  await push(decoder.decode());
}

/** Reads the database itself: PostgreSQL (any time), or PGlite with its server stopped. */
async function direct(push: (text: string) => Promise<void>): Promise<void> {
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, migrate: false }
      : { dataDir: path.resolve(env.DATA_DIR, "pglite"), migrate: false },
  );
  try {
    await dumpDatabase(handle, targetKeyFingerprints(env), push);
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.resolve(values.out ?? path.join("backups", `comanda-${stamp}.backup.gz`));
  const keys = values["without-keys"] ? {} : keysFromDataDir(env);
  const notes: string[] = [];
  for (const [name, file] of Object.entries(KEY_FILES) as Array<[keyof typeof KEY_FILES, string]>) {
    const variable = name === "secretsKey" ? "SECRETS_KEY" : "AUTH_SECRET";
    if (keys[name]) notes.push(`includes ${file} (keep the backup as private as DATA_DIR)`);
    else if (env[variable] !== undefined)
      notes.push(`${variable} comes from the environment and is not included: keep it with the backup`);
    else if (values["without-keys"])
      notes.push(`${file} left out (--without-keys): keep ${path.resolve(env.DATA_DIR, file)} with the backup`);
  }

  const writer = new BackupFileWriter(out);
  const check = new BackupCheck((text) => writer.write(text), Object.keys(keys).length ? JSON.stringify(keys) : null);
  try {
    const push = (text: string) => check.push(text);
    if (env.DATABASE_URL || values.offline) await direct(push);
    else await fromServer(push);
    await check.end();
    await writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  }
  const header = check.header!;
  const size = statSync(out).size;
  console.log(
    [
      `Backup written: ${out}`,
      `  ${check.rows.orders ?? 0} orders, ${Object.values(check.rows).reduce((a, b) => a + b, 0)} rows in ${Object.keys(check.rows).length} tables`,
      `  from ${header.source}, migration ${header.migration.tag ?? header.migration.when}, format version ${header.version}`,
      `  ${(size / 1e6).toFixed(1)} MB (${(writer.bytesIn / 1e6).toFixed(1)} MB uncompressed) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ...notes.map((note) => `  ${note}`),
    ].join("\n"),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
