import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * Comanda's backup file: UTF-8 lines, gzip-compressed on disk. Each line is a tag, a tab and
 * one JSON value:
 *
 *   H  the header (below): format, version, the migration level of the rows, key fingerprints
 *   K  the keys that decrypt the platform secrets and sign sessions and PINs (when included)
 *   T  a table: the row lines that follow are its rows
 *   R  one row, as PostgreSQL's row_to_json wrote it (restored by json_populate_recordset, so
 *      every type — timestamps, jsonb, bigints, bytea — comes back exactly, never re-parsed here)
 *   S  the sequences' values (the board's sequence numbers, the serial ids)
 *   E  the end: rows per table, so a cut file is refused
 *
 * Blank lines are ignored (the server sends one now and then while it writes the copy, so the
 * connection stays busy). A row's JSON holds no raw line break, so one row is one line.
 */
export const BACKUP_FORMAT = "comanda-backup";
/** Bumped when the file's layout changes; a restore refuses a version it does not know. */
export const BACKUP_VERSION = 1;

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.string(),
  /** The database the copy was taken from; a copy restores into either. */
  source: z.enum(["pglite", "postgres"]),
  /** The last migration applied to the copied database: the rows fit that schema. */
  migration: z.object({ when: z.number().int(), tag: z.string().nullable(), applied: z.number().int() }),
  /** SHA-256 fingerprints of the keys the copied server used (never the keys themselves). */
  keyFingerprints: z.object({ secretsKey: z.string().nullable(), authSecret: z.string().nullable() }),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

/** The keys themselves: SECRETS_KEY (base64) and AUTH_SECRET, as DATA_DIR's files hold them. */
export const backupKeysSchema = z.object({
  secretsKey: z.string().min(1).optional(),
  authSecret: z.string().min(1).optional(),
});
export type BackupKeys = z.infer<typeof backupKeysSchema>;

export const backupTableSchema = z.object({ table: z.string().regex(/^[a-z_][a-z0-9_]*$/) });
export const backupSequencesSchema = z.object({
  sequences: z.record(
    z.string().regex(/^[a-z_][a-z0-9_]*$/),
    z
      .string()
      .regex(/^-?\d+$/)
      .nullable(),
  ),
});
export const backupEndSchema = z.object({ rows: z.record(z.string(), z.number().int().min(0)) });

export type BackupTag = "H" | "K" | "T" | "R" | "S" | "E";

/** One line of the file (without its line break). */
export function backupLine(tag: BackupTag, json: string): string {
  return `${tag}\t${json}`;
}

/** A line's tag and JSON text; null for a blank line; throws on anything else. */
export function splitBackupLine(line: string): { tag: BackupTag; json: string } | null {
  if (line.trim() === "") return null;
  const tag = line.slice(0, 1);
  if (line[1] !== "\t" || !["H", "K", "T", "R", "S", "E"].includes(tag))
    throw new Error(`Not a Comanda backup line: ${JSON.stringify(line.slice(0, 40))}`);
  return { tag: tag as BackupTag, json: line.slice(2) };
}

/** SHA-256 of a key, shortened: enough to tell two keys apart, nothing to learn the key from. */
export function keyFingerprint(key: string | Buffer): string {
  return `sha256:${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
}
