import type { Database } from "@/lib/db/client";
import { saveChannelConfig } from "@/lib/stores/config";
import type { SandboxMerchant, SandboxProcess } from "./sandbox-process";
import { sandboxChannelConfig } from "./store-connection";

/** The sandbox's integrator credentials (POST /control/integrators): a platform connection's. */
export interface Integrator {
  name: string;
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
  options: { count: number; connections: number; intervalSeconds: number },
): Promise<SandboxMerchant[]>;
/**
 * With `platforms` (issue 28): the same on each platform the sandbox hosts, the i-th merchant of
 * every platform one restaurant (the first platform's merchant id) with a channel on each; the
 * merchants by platform.
 */
export async function provisionSharedStores(
  sandbox: SandboxProcess,
  db: Database,
  options: { count: number; connections: number; intervalSeconds: number; platforms: number },
): Promise<SandboxMerchant[][]>;
export async function provisionSharedStores(
  sandbox: SandboxProcess,
  db: Database,
  options: { count: number; connections: number; intervalSeconds: number; platforms?: number },
): Promise<SandboxMerchant[] | SandboxMerchant[][]> {
  const { count, connections, intervalSeconds } = options;
  const byPlatform: SandboxMerchant[][] = [];
  for (const base of platformBases(options.platforms ?? 1)) {
    const integrators = await sandbox.control<Integrator[]>("POST", `${base}/control/integrators`, {
      merchants: count,
      connections,
    });
    const integratorOf = new Map(
      integrators.flatMap((integrator) => integrator.merchantIds.map((id) => [id, integrator] as const)),
    );
    const merchants = (await sandbox.control<SandboxMerchant[]>("GET", `${base}/control/merchants`)).filter(
      (merchant) => integratorOf.has(merchant.merchantId),
    );
    for (const [index, merchant] of merchants.entries()) {
      const { clientId, clientSecret } = integratorOf.get(merchant.merchantId)!;
      await saveChannelConfig(
        db,
        {
          ...sandboxChannelConfig({ url: `${sandbox.url}${base}` }, merchant, intervalSeconds),
          clientId,
          clientSecret,
          restaurantId: byPlatform[0]?.[index]?.merchantId,
        },
        "sandbox",
      );
    }
    byPlatform.push(merchants);
  }
  return options.platforms === undefined ? byPlatform[0]! : byPlatform;
}

/** Where each of a sandbox process's platforms lives, under its URL: "", "/p2", "/p3"… */
export function platformBases(platforms: number): string[] {
  return Array.from({ length: platforms }, (_, i) => (i === 0 ? "" : `/p${i + 1}`));
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
