import type { Database } from "@/lib/db/client";
import { saveChannelConfig } from "@/lib/stores/config";
import type { SandboxMerchant, SandboxProcess } from "./sandbox-process";
import { sandboxChannelConfig } from "./store-connection";

interface Integrator {
  clientId: string;
  clientSecret: string;
  merchantIds: string[];
}

/**
 * The one place that decides which stores the instances of a multi-instance test or bench share,
 * and with which credentials: `count` new sandbox merchants spread over `connections` integrators,
 * saved as stores with their integrator's interchange credentials — so the database holds
 * `connections` platform connections, which the instances poll (e2e/support/poller-instance.ts).
 */
export async function provisionSharedStores(
  sandbox: SandboxProcess,
  db: Database,
  { count, connections, intervalSeconds }: { count: number; connections: number; intervalSeconds: number },
): Promise<SandboxMerchant[]> {
  const integrators = await sandbox.control<Integrator[]>("POST", "/control/integrators", {
    merchants: count,
    connections,
  });
  const integratorOf = new Map(
    integrators.flatMap((integrator) => integrator.merchantIds.map((id) => [id, integrator] as const)),
  );
  const merchants = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")).filter((merchant) =>
    integratorOf.has(merchant.merchantId),
  );
  for (const merchant of merchants) {
    const { clientId, clientSecret } = integratorOf.get(merchant.merchantId)!;
    await saveChannelConfig(
      db,
      { ...sandboxChannelConfig(sandbox, merchant, intervalSeconds), clientId, clientSecret },
      "sandbox",
    );
  }
  return merchants;
}

/** The sandbox's merchants saved as stores, each with its own credentials (a connection of one store). */
export async function saveSandboxStores(
  sandbox: SandboxProcess,
  db: Database,
  intervalSeconds: number,
): Promise<SandboxMerchant[]> {
  const merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
  for (const merchant of merchants)
    await saveChannelConfig(db, sandboxChannelConfig(sandbox, merchant, intervalSeconds), "sandbox");
  return merchants;
}
