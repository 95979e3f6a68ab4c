import "server-only";
import { z } from "zod";
import type { Env } from "@/lib/env";

/** A merchant Comanda serves, with the credentials of its interchange API. Server-side only. */
export interface StoreConfig {
  id: string;
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

const sandboxMerchantsSchema = z.array(
  z.object({
    merchantId: z.string().min(1),
    name: z.string(),
    interchange: z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) }),
  }),
);

/**
 * The stores to poll: the one configured in the environment for a real platform, or, in sandbox
 * mode, every merchant of the sandbox (asked over HTTP, as any client of it would).
 */
export async function resolveStores(env: Env): Promise<StoreConfig[]> {
  if (env.platformMode === "real") {
    return [
      {
        id: env.PLATFORM_MERCHANT_ID!,
        name: env.PLATFORM_MERCHANT_NAME ?? env.PLATFORM_MERCHANT_ID!,
        baseUrl: env.PLATFORM_BASE_URL!,
        clientId: env.PLATFORM_CLIENT_ID!,
        clientSecret: env.PLATFORM_CLIENT_SECRET!,
      },
    ];
  }
  const sandboxUrl = env.sandboxUrl!;
  const response = await fetch(`${sandboxUrl}/control/merchants`, {
    signal: AbortSignal.timeout(env.PLATFORM_TIMEOUT_MS),
    redirect: "manual",
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`The sandbox's merchant list answered HTTP ${response.status}`);
  const merchants = sandboxMerchantsSchema.parse(await response.json());
  return merchants.map((merchant) => ({
    id: merchant.merchantId,
    name: merchant.name,
    baseUrl: sandboxUrl,
    clientId: merchant.interchange.clientId,
    clientSecret: merchant.interchange.clientSecret,
  }));
}
