import "server-only";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";

/**
 * Comanda's files at rest (the database, the generated keys) are readable by the server's user
 * only: directories 0700, files 0600, whatever the umask. An existing directory is tightened too,
 * so a data folder created by an older version stops being world-readable at the next start.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Writes a new file (never replaces one: `wx`) in a private directory, mode 0600. */
export function writePrivateFile(file: string, dir: string, content: string): void {
  makePrivateDir(dir);
  writeFileSync(file, content, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
}
