import "server-only";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process/singleton";
import { writePrivateFile } from "@/lib/private-files";

/**
 * The key that signs session cookies and PIN hashes: AUTH_SECRET, or — with the embedded
 * database, where there is one process — a random one kept in DATA_DIR so restarts keep
 * everyone signed in. (lib/env refuses production + DATABASE_URL without AUTH_SECRET.)
 */
export function getAuthSecret(): string {
  return processSingleton("authSecret", readOrCreateAuthSecret);
}

function readOrCreateAuthSecret(): string {
  let secret = env.AUTH_SECRET;
  if (!secret) {
    const file = path.resolve(env.DATA_DIR, "auth-secret");
    try {
      secret = readFileSync(file, "utf8").trim();
    } catch {
      const fresh = randomBytes(32).toString("base64url");
      try {
        // wx: when two module graphs race, the first file wins and both read it.
        writePrivateFile(file, path.dirname(file), `${fresh}\n`);
      } catch {
        // written by the other one
      }
      secret = readFileSync(file, "utf8").trim();
    }
    if (secret.length < 32)
      throw new Error(`The generated AUTH_SECRET in ${file} is too short; delete the file to regenerate it.`);
  }
  return secret;
}
