import "server-only";
import { z } from "zod";
import type { Env } from "@/lib/env";
import type { ChannelConfig, StoreSource } from "./config";

const sandboxPlatformsSchema = z.array(z.object({ name: z.string().min(1), basePath: z.string() })).min(1);

const sandboxMerchantsSchema = z.array(
  z.object({
    merchantId: z.string().min(1),
    /** The restaurant this merchant is, the same on every platform of the sandbox. */
    restaurant: z.string().min(1).optional(),
    name: z.string(),
    serviceId: z.string().nullish(),
    interchange: z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) }),
    admin: z
      .object({ clientId: z.string(), clientSecret: z.string(), username: z.string(), password: z.string() })
      .nullish(),
    store: z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) }).nullish(),
    /** The integrator credentials covering the merchant: Comanda connects through them when given. */
    connection: z
      .object({ name: z.string().min(1), clientId: z.string().min(1), clientSecret: z.string().min(1) })
      .nullish(),
  }),
);

/**
 * The stores the environment configures: the one of a real platform (a connection of one store),
 * or, in sandbox mode, every merchant of the sandbox (asked over HTTP, as any client of it
 * would), each through the integrator credentials that cover it — so the seed's merchants share
 * one connection — or its own when none does.
 */
export async function resolveConfiguredStores(env: Env): Promise<{ source: StoreSource; stores: ChannelConfig[] }> {
  const defaults = {
    pollIntervalSeconds: env.pollIntervalSeconds,
    confirmDeadlineMinutes: env.CONFIRM_DEADLINE_MINUTES,
  };
  if (env.platformMode === "real") {
    const admin =
      env.PLATFORM_ADMIN_CLIENT_ID &&
      env.PLATFORM_ADMIN_CLIENT_SECRET &&
      env.PLATFORM_ADMIN_USERNAME &&
      env.PLATFORM_ADMIN_PASSWORD
        ? {
            clientId: env.PLATFORM_ADMIN_CLIENT_ID,
            clientSecret: env.PLATFORM_ADMIN_CLIENT_SECRET,
            username: env.PLATFORM_ADMIN_USERNAME,
            password: env.PLATFORM_ADMIN_PASSWORD,
          }
        : null;
    const storeApi =
      env.PLATFORM_STORE_CLIENT_ID && env.PLATFORM_STORE_CLIENT_SECRET
        ? { clientId: env.PLATFORM_STORE_CLIENT_ID, clientSecret: env.PLATFORM_STORE_CLIENT_SECRET }
        : null;
    const store: ChannelConfig = {
      id: env.PLATFORM_MERCHANT_ID!,
      name: env.PLATFORM_MERCHANT_NAME ?? env.PLATFORM_MERCHANT_ID!,
      baseUrl: env.PLATFORM_BASE_URL!,
      clientId: env.PLATFORM_CLIENT_ID!,
      clientSecret: env.PLATFORM_CLIENT_SECRET!,
      serviceId: env.PLATFORM_SERVICE_ID ?? null,
      admin,
      storeApi,
      ...defaults,
    };
    return { source: "env", stores: [store] };
  }
  const sandboxUrl = env.sandboxUrl!;
  // Every platform the sandbox hosts (one unless SANDBOX_PLATFORMS / --platforms says more); a
  // restaurant on several is one restaurant with a channel on each, its id the first platform's
  // merchant id (so a one-platform demo keeps the ids it always had).
  const origin = new URL(sandboxUrl).origin;
  const platforms = sandboxPlatformsSchema.parse(await sandboxJson(`${sandboxUrl}/control/platforms`, env));
  const restaurantIds = new Map<string, string>();
  const channels: ChannelConfig[] = [];
  for (const platform of platforms) {
    const baseUrl = `${origin}${platform.basePath}`;
    const merchants = sandboxMerchantsSchema.parse(await sandboxJson(`${baseUrl}/control/merchants`, env));
    for (const merchant of merchants) {
      const key = merchant.restaurant ?? merchant.merchantId;
      const restaurantId = restaurantIds.get(key) ?? merchant.merchantId;
      restaurantIds.set(key, restaurantId);
      channels.push({
        id: merchant.merchantId,
        restaurantId,
        name: merchant.name,
        label: platform.name.slice(0, 16),
        baseUrl,
        // The connection is the platform, as a restaurant sees it (the integrator is Comanda itself).
        connectionName: platform.name,
        clientId: (merchant.connection ?? merchant.interchange).clientId,
        clientSecret: (merchant.connection ?? merchant.interchange).clientSecret,
        serviceId: merchant.serviceId ?? null,
        admin: merchant.admin ?? null,
        storeApi: merchant.store ?? null,
        ...defaults,
      });
    }
  }
  return { source: "sandbox", stores: channels };
}

async function sandboxJson(url: string, env: Env): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(env.PLATFORM_TIMEOUT_MS),
    redirect: "manual",
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`The sandbox answered HTTP ${response.status} at ${new URL(url).pathname}`);
  return response.json();
}
