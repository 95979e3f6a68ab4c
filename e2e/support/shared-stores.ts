import type { Database } from "@/lib/db/client";
import { saveStoreConfig } from "@/lib/stores/config";
import type { SandboxMerchant, SandboxProcess } from "./sandbox-process";
import { sandboxStoreConfig } from "./store-connection";

/**
 * The one place that decides which stores the instances of a multi-instance test or bench share,
 * and with which credentials: `count` new sandbox merchants spread over `connections` integrators,
 * saved as stores. Each store is still polled with its merchant's own interchange credentials;
 * once stores belong to platform connections, this is where they get their integrator's instead.
 */
export async function provisionSharedStores(
  sandbox: SandboxProcess,
  db: Database,
  { count, connections, intervalSeconds }: { count: number; connections: number; intervalSeconds: number },
): Promise<SandboxMerchant[]> {
  const integrators = await sandbox.control<Array<{ merchantIds: string[] }>>("POST", "/control/integrators", {
    merchants: count,
    connections,
  });
  const created = new Set(integrators.flatMap((integrator) => integrator.merchantIds));
  const merchants = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")).filter((merchant) =>
    created.has(merchant.merchantId),
  );
  for (const merchant of merchants)
    await saveStoreConfig(db, sandboxStoreConfig(sandbox, merchant, intervalSeconds), "sandbox");
  return merchants;
}
