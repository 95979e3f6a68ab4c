import "server-only";
import { createHash } from "node:crypto";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import type { StoreConfig } from "@/lib/stores/config";
import { AdminClient } from "./admin-client";
import { AdminTokenManager } from "./admin-token";
import { databaseRefreshTokenStore } from "./refresh-token-store";
import { processSingleton } from "@/lib/process-singleton";

interface Entry {
  fingerprint: string;
  client: AdminClient;
}

// One admin client (and so one token chain) per store and process, shared by every module graph
// of Next.js: two token managers would spend the same single-use refresh token twice.
const adminClients = () => processSingleton("adminClients", () => new Map<string, Entry>());

/** Why a store has no admin client, in a sentence for the manager. */
export function adminUnavailableReason(config: Pick<StoreConfig, "admin" | "serviceId">): string | null {
  if (!config.serviceId) return "its X-Service-ID is not configured";
  if (!config.admin) return "its admin API credentials are not configured";
  return null;
}

/** The store's admin API client, or null when the store lacks the service id or credentials. */
export function adminClientFor(db: Database, config: StoreConfig): AdminClient | null {
  if (!config.admin || !config.serviceId) return null;
  const clients = adminClients();
  // Rebuilt when the connection changes (a manager edits the credentials), never otherwise.
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([config.baseUrl, config.serviceId, config.admin]))
    .digest("hex");
  const existing = clients.get(config.id);
  if (existing?.fingerprint === fingerprint) return existing.client;
  const tokens = new AdminTokenManager({
    baseUrl: config.baseUrl,
    serviceId: config.serviceId,
    credentials: config.admin,
    timeoutMs: env.PLATFORM_TIMEOUT_MS,
    refreshTokens: databaseRefreshTokenStore(db, config.id),
  });
  const client = new AdminClient(tokens, env.PLATFORM_TIMEOUT_MS);
  clients.set(config.id, { fingerprint, client });
  return client;
}
