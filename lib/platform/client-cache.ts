import "server-only";
import { createHash } from "node:crypto";
import { processSingleton } from "@/lib/process/singleton";

interface Entry<T> {
  fingerprint: string;
  client: T;
}

/**
 * One client (and so one cached token, one refresh-token chain) per store and process, shared
 * by every module graph of Next.js: two admin token sources would spend the same single-use
 * refresh token twice. Rebuilt when the store's connection settings change (a manager edits the
 * credentials), never otherwise; the settings are kept only as a digest, never as a secret.
 */
export function clientForStore<T>(kind: "admin" | "storeApi", storeId: string, settings: unknown, create: () => T): T {
  const clients = processSingleton(`${kind}Clients`, () => new Map<string, Entry<T>>());
  const fingerprint = createHash("sha256").update(JSON.stringify(settings)).digest("hex");
  const existing = clients.get(storeId);
  if (existing?.fingerprint === fingerprint) return existing.client;
  const client = create();
  clients.set(storeId, { fingerprint, client });
  return client;
}
