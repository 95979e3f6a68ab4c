import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keyFingerprint } from "./format";
import { installKeys, keyConflicts, keysFromDataDir, targetKeyFingerprints } from "./keys";

// The keys a backup carries from DATA_DIR and a restore puts back: never over another key
// without --force, never those the environment sets.

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "comanda-keys-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const secretsKey = randomBytes(32).toString("base64");
const authSecret = randomBytes(32).toString("base64url");
const now = new Date("2026-11-27T03:00:00Z");

describe("a backup's keys", () => {
  it("are read from DATA_DIR's files, except those the environment sets", () => {
    const DATA_DIR = dataDir();
    writeFileSync(path.join(DATA_DIR, "secrets.key"), `${secretsKey}\n`);
    writeFileSync(path.join(DATA_DIR, "auth-secret"), `${authSecret}\n`);
    expect(keysFromDataDir({ DATA_DIR, SECRETS_KEY: undefined, AUTH_SECRET: undefined })).toEqual({
      secretsKey,
      authSecret,
    });
    expect(keysFromDataDir({ DATA_DIR, SECRETS_KEY: undefined, AUTH_SECRET: "x".repeat(32) })).toEqual({ secretsKey });
  });

  it("are put into a new DATA_DIR (0600), and fingerprint as the environment's same keys would", () => {
    const DATA_DIR = dataDir();
    const env = { DATA_DIR, SECRETS_KEY: undefined, AUTH_SECRET: undefined };
    expect(installKeys(env, { secretsKey, authSecret }, { force: false, now })).toEqual([
      "secrets.key: restored from the backup.",
      "auth-secret: restored from the backup.",
    ]);
    expect(statSync(path.join(DATA_DIR, "secrets.key")).mode & 0o777).toBe(0o600);
    expect(targetKeyFingerprints(env)).toEqual({
      secretsKey: keyFingerprint(Buffer.from(secretsKey, "base64")),
      authSecret: keyFingerprint(authSecret),
    });
    expect(
      targetKeyFingerprints({
        DATA_DIR: dataDir(),
        SECRETS_KEY: Buffer.from(secretsKey, "base64"),
        AUTH_SECRET: authSecret,
      }),
    ).toEqual(targetKeyFingerprints(env));
    // Again: the same keys are there, nothing to do.
    expect(installKeys(env, { secretsKey, authSecret }, { force: false, now })).toEqual([]);
  });

  it("never replace another key without force, which keeps it aside", () => {
    const DATA_DIR = dataDir();
    const env = { DATA_DIR, SECRETS_KEY: undefined, AUTH_SECRET: undefined };
    writeFileSync(path.join(DATA_DIR, "secrets.key"), "another key\n");
    expect(keyConflicts(env, { secretsKey, authSecret })).toEqual(["secretsKey"]);
    expect(() => installKeys(env, { secretsKey }, { force: false, now })).toThrow(/--force/);
    installKeys(env, { secretsKey }, { force: true, now });
    expect(readFileSync(path.join(DATA_DIR, "secrets.key"), "utf8").trim()).toBe(secretsKey);
    const aside = readdirSync(DATA_DIR).find((name) => name.startsWith("secrets.key.before-restore-"))!;
    expect(readFileSync(path.join(DATA_DIR, aside), "utf8").trim()).toBe("another key");
  });

  it("are not written where the environment sets them", () => {
    const DATA_DIR = dataDir();
    installKeys(
      { DATA_DIR, SECRETS_KEY: Buffer.alloc(32), AUTH_SECRET: undefined },
      { secretsKey },
      { force: false, now },
    );
    expect(existsSync(path.join(DATA_DIR, "secrets.key"))).toBe(false);
  });
});
