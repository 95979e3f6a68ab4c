import "server-only";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import type { ChannelConfig } from "@/lib/stores/config";
import { clientForStore } from "@/lib/platform/client-cache";
import { databaseRefreshTokenStore } from "@/lib/stores/admin-refresh-token";
import { AdminClient } from "@/lib/platform/admin/client";

/** Why a store has no admin client, in a sentence for the manager. */
export function adminUnavailableReason(config: Pick<ChannelConfig, "admin" | "serviceId">): string | null {
  if (!config.serviceId) return "its X-Service-ID is not configured";
  if (!config.admin) return "its admin API credentials are not configured";
  return null;
}

/** The store's admin API client, or null when the store lacks the service id or credentials. */
export function adminClientFor(db: Database, config: ChannelConfig): AdminClient | null {
  const { admin, serviceId, baseUrl } = config;
  if (!admin || !serviceId) return null;
  return clientForStore("admin", config.id, [baseUrl, serviceId, admin], () => {
    const refreshTokens = databaseRefreshTokenStore(db, config.id);
    return new AdminClient({
      baseUrl,
      serviceId,
      credentials: admin,
      timeoutMs: env.PLATFORM_TIMEOUT_MS,
      refreshTokens,
    });
  });
}
