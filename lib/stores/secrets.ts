import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/singleton";
import { writePrivateFile } from "@/lib/private-files";
import { keyFingerprint } from "@/lib/backup/format";

/**
 * Platform secrets at rest: AES-256-GCM with a key from SECRETS_KEY, or — for the embedded
 * default — a key generated once into DATA_DIR (readable by the owner only). Stored form:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */

const VERSION = "v1";

export function encryptSecret(plain: string, key: Buffer = secretsKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function decryptSecret(stored: string, key: Buffer = secretsKey()): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** Which key seals the platform secrets, for a backup to name it (lib/backup): never the key. */
export function secretsKeyFingerprint(): string {
  return keyFingerprint(secretsKey());
}

function secretsKey(): Buffer {
  return processSingleton(
    "secretsKey",
    () => env.SECRETS_KEY ?? loadOrCreateKeyFile(path.resolve(env.DATA_DIR, "secrets.key")),
  );
}

function loadOrCreateKeyFile(file: string): Buffer {
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  const key = randomBytes(32);
  writePrivateFile(file, path.dirname(file), key.toString("base64"));
  return key;
}
