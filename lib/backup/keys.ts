import "server-only";
import { existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import type { Env } from "@/lib/env";
import { writePrivateFile } from "@/lib/private-files";
import { keyFingerprint, type BackupHeader, type BackupKeys } from "./format";

// For the backup and restore commands (the server's own fingerprints are in serve.ts: this
// module reads files by computed names, which the server's build would trace in full).
// The two keys a restored Comanda needs besides its rows: SECRETS_KEY decrypts the platform
// credentials stored in the database, AUTH_SECRET signs sessions and keys PIN hashes (without
// it every tablet signs in again and every PIN must be set anew). Given in the environment they
// are the operator's to keep; generated (the embedded database's default) they live in DATA_DIR,
// and a backup carries them unless told not to.

export const KEY_FILES = { secretsKey: "secrets.key", authSecret: "auth-secret" } as const;
export type KeyName = keyof typeof KEY_FILES;

/** The keys as DATA_DIR's files hold them, for those the environment does not set. */
export function keysFromDataDir(env: Pick<Env, "DATA_DIR" | "SECRETS_KEY" | "AUTH_SECRET">): BackupKeys {
  const keys: BackupKeys = {};
  for (const name of Object.keys(KEY_FILES) as KeyName[]) {
    if (fromEnvironment(env, name)) continue;
    const file = path.resolve(env.DATA_DIR, KEY_FILES[name]);
    if (existsSync(file)) keys[name] = readFileSync(file, "utf8").trim();
  }
  return keys;
}

function fromEnvironment(env: Pick<Env, "SECRETS_KEY" | "AUTH_SECRET">, name: KeyName): boolean {
  return name === "secretsKey" ? env.SECRETS_KEY !== undefined : env.AUTH_SECRET !== undefined;
}

/** The fingerprint of a key as a backup's K line or DATA_DIR's file holds it. */
function fingerprintOf(name: KeyName, stored: string): string {
  return name === "secretsKey" ? keyFingerprint(Buffer.from(stored, "base64")) : keyFingerprint(stored);
}

/** This machine's keys' fingerprints, from the environment or DATA_DIR, generating nothing. */
export function targetKeyFingerprints(
  env: Pick<Env, "DATA_DIR" | "SECRETS_KEY" | "AUTH_SECRET">,
): BackupHeader["keyFingerprints"] {
  const read = (name: KeyName): string | null => {
    if (name === "secretsKey" && env.SECRETS_KEY) return keyFingerprint(env.SECRETS_KEY);
    if (name === "authSecret" && env.AUTH_SECRET) return keyFingerprint(env.AUTH_SECRET);
    const file = path.resolve(env.DATA_DIR, KEY_FILES[name]);
    return existsSync(file) ? fingerprintOf(name, readFileSync(file, "utf8").trim()) : null;
  };
  return { secretsKey: read("secretsKey"), authSecret: read("authSecret") };
}

/** The keys of a backup that DATA_DIR already holds another value of (installKeys needs `force`). */
export function keyConflicts(env: Pick<Env, "DATA_DIR" | "SECRETS_KEY" | "AUTH_SECRET">, keys: BackupKeys): KeyName[] {
  return (Object.keys(KEY_FILES) as KeyName[]).filter((name) => {
    const key = keys[name];
    const file = path.resolve(env.DATA_DIR, KEY_FILES[name]);
    return key && !fromEnvironment(env, name) && existsSync(file) && readFileSync(file, "utf8").trim() !== key;
  });
}

/**
 * Puts a backup's keys where this machine looks for them, for each key its environment does not
 * set: DATA_DIR's file, mode 0600. A different key already there is kept aside (`.before-restore`)
 * with `force`, refused without. Says what it did, one sentence per key.
 */
export function installKeys(
  env: Pick<Env, "DATA_DIR" | "SECRETS_KEY" | "AUTH_SECRET">,
  keys: BackupKeys,
  { force, now }: { force: boolean; now: Date },
): string[] {
  const said: string[] = [];
  for (const name of Object.keys(KEY_FILES) as KeyName[]) {
    const key = keys[name];
    if (!key || fromEnvironment(env, name)) continue;
    const dir = path.resolve(env.DATA_DIR);
    const file = path.join(dir, KEY_FILES[name]);
    if (existsSync(file)) {
      const current = readFileSync(file, "utf8").trim();
      if (current === key) continue;
      if (!force)
        throw new Error(
          `${file} holds another key than the backup's: restore with --force to replace it (it is kept aside).`,
        );
      const aside = `${file}.before-restore-${now.getTime()}`;
      renameSync(file, aside);
      said.push(`${KEY_FILES[name]}: the previous key is kept as ${aside}.`);
    }
    writePrivateFile(file, dir, `${key}\n`);
    said.push(`${KEY_FILES[name]}: restored from the backup.`);
  }
  return said;
}
