import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import type { CatalogSyncModel } from "@/lib/platform/discovery/manifest";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import type { BoardOrder } from "@/lib/contract/board";
import { refreshDiscovery, rememberedDiscovery } from "@/lib/sync/discovery";
import { ConnectionPoller } from "@/lib/sync/poller";
import { channelConnectionOf, type ChannelConnection, type PlatformConnection } from "@/lib/sync/registry";
import { saveChannelConfig, type ChannelConfig } from "@/lib/stores/config";
import { loadEnabledConnections } from "@/lib/stores/connections";
import { collectBoardWrites } from "./board-writes";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "./sandbox-process";

export interface TestStore {
  connection: ChannelConnection;
  /** Every board change of the store announced since it was connected, in order. */
  published: BoardOrder[];
}

/** A sandbox merchant as Comanda configures it: every credential the sandbox lists. */
export function sandboxChannelConfig(
  sandbox: Pick<SandboxProcess, "url">,
  merchant: SandboxMerchant,
  pollIntervalSeconds = 1,
): ChannelConfig {
  return {
    id: merchant.merchantId,
    name: merchant.name,
    baseUrl: sandbox.url,
    clientId: merchant.interchange.clientId,
    clientSecret: merchant.interchange.clientSecret,
    serviceId: merchant.serviceId,
    admin: merchant.admin,
    storeApi: merchant.store,
    pollIntervalSeconds,
    confirmDeadlineMinutes: 8,
  };
}

export interface ConnectionOptions {
  intervalMs?: number;
  timeoutMs?: number;
  /** The client's clock (its token lifetimes): a test moves it with the sandbox's /control/clock. */
  now?: () => number;
  /** The restaurant of a merchant's channel (default: a restaurant of its own, with its id). */
  restaurantOf?: (merchantId: string) => string | undefined;
  /** The connection's dialect, asked on each call as the app's start does (default: 1.x). */
  dialect?: () => string | null;
  /** The catalogue sync model its platform declares, asked on each catalogue write (default: none). */
  catalogSyncModel?: () => CatalogSyncModel | null;
  /**
   * The app's way instead (lib/sync/connect.ts): the platform's manifest read once connected
   * (refreshDiscovery), its dialect and catalogue model asked from that read on each call.
   */
  discovered?: boolean;
}

/**
 * Connects a sandbox merchant to a test database the way the app's start does, with the
 * merchant's own interchange credentials (a connection of one store): a store row (its secrets
 * encrypted, source "sandbox"), an interchange client and a poller (not started: tests drive it
 * with pollOnce).
 */
export async function connectTestStore(
  sandbox: Pick<SandboxProcess, "url">,
  merchant: SandboxMerchant,
  database: Pick<TestDatabase, "db">,
  options: ConnectionOptions = {},
): Promise<TestStore> {
  const { connection, published } = await connectTestConnection(
    sandbox,
    [merchant],
    merchant.interchange,
    database,
    options,
  );
  return { connection: channelConnectionOf(connection, connection.channels.get(merchant.merchantId)!), published };
}

/**
 * Connects several sandbox merchants under one set of interchange credentials (an integrator's,
 * say) the way the app's start does: their store rows, then the connection's client and poller
 * (not started).
 */
export async function connectTestConnection(
  sandbox: Pick<SandboxProcess, "url">,
  merchants: readonly SandboxMerchant[],
  credentials: { clientId: string; clientSecret: string },
  database: Pick<TestDatabase, "db">,
  options: ConnectionOptions = {},
): Promise<{ connection: PlatformConnection; published: BoardOrder[] }> {
  const intervalMs = options.intervalMs ?? 1_000;
  for (const merchant of merchants)
    await saveChannelConfig(
      database.db,
      {
        ...sandboxChannelConfig(sandbox, merchant, intervalMs / 1000),
        ...credentials,
        restaurantId: options.restaurantOf?.(merchant.merchantId),
      },
      "sandbox",
    );
  const ids = new Set(merchants.map((merchant) => merchant.merchantId));
  const entry = (await loadEnabledConnections(database.db)).find((candidate) =>
    candidate.channels.some((channel) => ids.has(channel.id)),
  )!;
  const read = () => rememberedDiscovery(entry.connection.id);
  const client = new InterchangeClient({
    ...credentials,
    baseUrl: sandbox.url,
    orderIdPrefix: entry.connection.orderIdPrefix,
    timeoutMs: options.timeoutMs ?? 5_000,
    now: options.now,
    dialect: options.discovered ? () => read()?.dialect ?? null : options.dialect,
    catalogSyncModel: options.discovered ? () => read()?.catalogSyncModel ?? null : options.catalogSyncModel,
  });
  if (options.discovered) await refreshDiscovery(database.db, { id: entry.connection.id, baseUrl: sandbox.url });
  const published = collectBoardWrites(
    merchants.map((merchant) => options.restaurantOf?.(merchant.merchantId) ?? merchant.merchantId),
  );
  const poller = new ConnectionPoller({
    connectionId: entry.connection.id,
    channels: new Map(entry.channels.map((channel) => [channel.id, channel.restaurantId])),
    client,
    db: database.db,
    intervalMs,
  });
  const connection: PlatformConnection = {
    id: entry.connection.id,
    config: entry.connection,
    channels: new Map(entry.channels.map((channel) => [channel.id, channel])),
    client,
    poller,
  };
  return { connection, published };
}

export interface SandboxStoreFixture {
  sandbox: SandboxProcess;
  database: TestDatabase;
  /** The sandbox's first merchant, connected to the database. */
  store: TestStore;
  stop(): Promise<void>;
}

/** A sandbox process, a new PGlite database, and the sandbox's first merchant connected to it. */
export async function startSandboxStore(options: { tokenTtlSeconds?: number } = {}): Promise<SandboxStoreFixture> {
  const [sandbox, database] = await Promise.all([startSandboxProcess(options), createTestDatabase("pglite")]);
  const [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
  const store = await connectTestStore(sandbox, merchant, database);
  return { sandbox, database, store, stop: async () => void (await Promise.all([sandbox.stop(), database.destroy()])) };
}
