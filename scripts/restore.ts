// `npm run restore -- FILE [--force]`
// Brings a backup made by `npm run backup` back into the configured database (DATABASE_URL, or
// DATA_DIR's embedded one), with its keys into DATA_DIR when it carries them. Comanda must be
// stopped. A target that already holds data is refused unless --force (PGlite's folder is then
// moved aside, PostgreSQL's tables dropped).
import path from "node:path";
import { parseArgs } from "node:util";
import { readBackupFile } from "@/lib/backup/file";
import { installKeys, keyConflicts, KEY_FILES, targetKeyFingerprints } from "@/lib/backup/keys";
import { restoreDatabase, type RestoreTarget } from "@/lib/backup/restore";
import { env } from "@/lib/env";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});

async function main(): Promise<void> {
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error("Give one backup file: npm run restore -- FILE [--force]");
  const started = Date.now();
  const now = new Date();
  const target: RestoreTarget = env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: path.resolve(env.DATA_DIR, "pglite") };
  const result = await restoreDatabase(readBackupFile(path.resolve(file)), {
    target,
    force: values.force,
    now,
    beforeWriting: (header, keys) => {
      console.log(
        `Restoring a backup of ${header.createdAt} (${header.source}, migration ${header.migration.tag ?? header.migration.when}) into ${
          "dataDir" in target ? target.dataDir : "DATABASE_URL"
        }`,
      );
      const conflicts = keys ? keyConflicts(env, keys) : [];
      if (conflicts.length > 0 && !values.force)
        throw new Error(
          `${conflicts.map((name) => KEY_FILES[name]).join(" and ")} in ${path.resolve(env.DATA_DIR)} differ from the backup's: restore with --force to replace them (they are kept aside).`,
        );
    },
  });
  const said = result.keys ? installKeys(env, result.keys, { force: values.force, now }) : [];
  // Keys the environment sets, or a backup made without its keys: say whether they match.
  const here = targetKeyFingerprints(env);
  for (const [name, variable] of [
    ["secretsKey", "SECRETS_KEY"],
    ["authSecret", "AUTH_SECRET"],
  ] as const) {
    const wanted = result.header.keyFingerprints[name];
    if (!wanted || here[name] === wanted) continue;
    said.push(
      here[name]
        ? `WARNING: ${variable} here is not the key the backup's server used (${wanted}): ${
            name === "secretsKey"
              ? "the platform credentials will not decrypt until it is set to that key (or they are typed again)"
              : "everyone signs in again and PINs must be set again, unless it is set to that key"
          }.`
        : `WARNING: no ${variable} here yet: set it (or put ${KEY_FILES[name]} in DATA_DIR) to the key the backup's server used (${wanted}).`,
    );
  }
  const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
  console.log(
    [
      `Restored ${result.rows.orders ?? 0} orders, ${total} rows in ${Object.keys(result.rows).length} tables, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      ...(result.movedAside ? [`The database that was there is kept in ${result.movedAside}.`] : []),
      ...said,
      "Start Comanda: it applies any migration made since the backup at start, as always.",
    ].join("\n"),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
