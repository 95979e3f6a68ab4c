import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import type { BoardOrder } from "@/lib/contract/board";
import { StorePoller } from "@/lib/sync/poller";
import type { StoreConnection } from "@/lib/sync/registry";
import { saveStoreConfig, type StoreConfig } from "@/lib/stores/config";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "./sandbox-process";

export interface TestStore {
  connection: StoreConnection;
  /** Every board change published, in order. */
  published: BoardOrder[];
}

/** A sandbox merchant as Comanda configures it: every credential the sandbox lists. */
export function sandboxStoreConfig(
  sandbox: Pick<SandboxProcess, "url">,
  merchant: SandboxMerchant,
  pollIntervalSeconds = 1,
): StoreConfig {
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

/**
 * Connects a sandbox merchant to a test database the way the app's start does: a store row (its
 * secrets encrypted, source "sandbox"), an interchange client and a poller (not started: tests
 * drive it with pollOnce).
 */
export async function connectTestStore(
  sandbox: SandboxProcess,
  merchant: SandboxMerchant,
  database: TestDatabase,
  options: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<TestStore> {
  const intervalMs = options.intervalMs ?? 1_000;
  const config = sandboxStoreConfig(sandbox, merchant, intervalMs / 1000);
  await saveStoreConfig(database.db, config, "sandbox");
  const client = new InterchangeClient({
    baseUrl: sandbox.url,
    clientId: merchant.interchange.clientId,
    clientSecret: merchant.interchange.clientSecret,
    merchantId: merchant.merchantId,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const published: BoardOrder[] = [];
  const poller = new StorePoller({
    storeId: merchant.merchantId,
    client,
    db: database.db,
    publish: (change) => published.push(change),
    intervalMs,
  });
  return { connection: { id: merchant.merchantId, name: merchant.name, config, client, poller }, published };
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
