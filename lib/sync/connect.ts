import "server-only";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import type { EnabledConnection } from "@/lib/stores/connections";
import { dialectDecided, readUntilAnswered, refreshDiscovery, rememberedDiscovery } from "./discovery";
import { ConnectionPoller } from "./poller";
import type { PlatformConnection } from "./registry";

/**
 * One platform connection's client and poller (for its enabled channels), as the app's start and
 * a manager's change make them, with its manifest read at once. Not registered, not started.
 */
export function openConnection(
  db: Database,
  { connection, channels }: EnabledConnection,
  {
    leased = true,
    timeoutMs = env.PLATFORM_TIMEOUT_MS,
    firstReadPause,
  }: {
    leased?: boolean;
    timeoutMs?: number;
    /** The pause between reads of a manifest that does not answer (tests hold it; readUntilAnswered). */
    firstReadPause?: (attempt: number) => Promise<void>;
  } = {},
): PlatformConnection {
  const client = new InterchangeClient({
    baseUrl: connection.baseUrl,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    orderIdPrefix: connection.orderIdPrefix,
    timeoutMs,
    // Each call in the dialect the platform's manifest last decided (2.0 or 1.x).
    dialect: () => rememberedDiscovery(connection.id)?.dialect ?? null,
    // Its catalogue written by the sync model the same manifest declares.
    catalogSyncModel: () => rememberedDiscovery(connection.id)?.catalogSyncModel ?? null,
  });
  // The platform's manifest, read as the connection starts. A connection whose dialect the
  // platform has decided runs on it meanwhile; a new one has none, and its client would speak 1.x
  // to a platform that may be 2.0-only: its polls wait for the platform's answer (tried again
  // while the manifest does not answer, with 15 s of pauses in all; then 1.x, as judgeRead decides).
  const decided = dialectDecided(rememberedDiscovery(connection.id));
  const firstRead = decided ? refreshDiscovery(db, connection) : readUntilAnswered(db, connection, firstReadPause);
  const poller = new ConnectionPoller({
    connectionId: connection.id,
    channels: new Map(channels.map((channel) => [channel.id, channel.restaurantId])),
    client,
    db,
    intervalMs: connection.pollIntervalSeconds * 1000,
    reconcileEveryMs: env.RECONCILE_INTERVAL_SECONDS * 1000,
    leased,
    ready: decided ? undefined : firstRead,
  });
  return {
    id: connection.id,
    config: connection,
    channels: new Map(channels.map((channel) => [channel.id, channel])),
    client,
    poller,
  };
}
