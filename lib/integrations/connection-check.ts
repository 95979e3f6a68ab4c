import "server-only";
import { AdminClient } from "@/lib/platform/admin/client";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { storeApiTokenEndpoint } from "@/lib/platform/store-api/client";
import { requestToken } from "@/lib/platform/token-source";
import type { RefreshTokenStore } from "@/lib/platform/token-source";
import type { ChannelConfig } from "@/lib/stores/config";
import type { CheckResult } from "@/lib/contract/manager";
import { problemOf } from "./problems";

type CheckName = CheckResult["check"];

export type ConnectionSettings = Pick<
  ChannelConfig,
  "id" | "baseUrl" | "clientId" | "clientSecret" | "serviceId" | "admin" | "storeApi"
>;

/**
 * "Test connection": asks the platform, with these settings, for an interchange token, polls once
 * and reads the admin API (and the store API's token when configured). Nothing is changed on the
 * platform: the poll sends no eventType filter (which would acknowledge everything else) and
 * nothing is acknowledged. The interchange and the admin/store checks run side by side. `dialect`:
 * the connection's, as its platform's manifest decided (a 2.0 platform serves no 1.x event routes).
 */
export async function checkConnection(
  settings: ConnectionSettings,
  timeoutMs: number,
  dialect: string | null = null,
): Promise<CheckResult[]> {
  const host = hostOf(settings.baseUrl);
  const fail = (check: CheckName, error: unknown): CheckResult => ({
    check,
    outcome: "failed",
    problem: problemOf(error, host, timeoutMs),
  });

  const interchange = async (): Promise<CheckResult[]> => {
    const { baseUrl, clientId, clientSecret, id: merchantId } = settings;
    const client = new InterchangeClient({ baseUrl, clientId, clientSecret, timeoutMs, dialect: () => dialect });
    try {
      await (client.speaksV2 ? client.v2.tokens : client.tokens).get();
    } catch (error) {
      return [fail("token", error), { check: "polling", outcome: "skipped", problem: { code: "needsToken", host } }];
    }
    try {
      const events = await client.pollEvents([merchantId]);
      return [
        { check: "token", outcome: "ok" },
        { check: "polling", outcome: "ok", pending: events.length },
      ];
    } catch (error) {
      return [{ check: "token", outcome: "ok" }, fail("polling", error)];
    }
  };

  const admin = async (): Promise<CheckResult> => {
    if (!settings.admin) return { check: "admin", outcome: "skipped" };
    if (!settings.serviceId) return { check: "admin", outcome: "failed", problem: { code: "serviceIdMissing", host } };
    const { baseUrl, serviceId, admin: credentials } = settings;
    // A throwaway token chain: the settings under test may not be saved, so nothing is stored.
    const client = new AdminClient({ baseUrl, serviceId, credentials, timeoutMs, refreshTokens: unsavedRefreshTokens });
    try {
      await client.listOrders({ limit: 1 });
      return { check: "admin", outcome: "ok" };
    } catch (error) {
      return fail("admin", error);
    }
  };

  const storeApi = async (): Promise<CheckResult> => {
    if (!settings.storeApi) return { check: "storeApi", outcome: "skipped" };
    if (!settings.serviceId)
      return { check: "storeApi", outcome: "failed", problem: { code: "serviceIdMissing", host } };
    const { clientId, clientSecret } = settings.storeApi;
    try {
      const identity = { baseUrl: settings.baseUrl, serviceId: settings.serviceId, clientId };
      await requestToken(storeApiTokenEndpoint(identity, clientSecret, timeoutMs), "client_credentials");
      return { check: "storeApi", outcome: "ok" };
    } catch (error) {
      return fail("storeApi", error);
    }
  };

  const [first, second, third] = await Promise.all([interchange(), admin(), storeApi()]);
  return [...first, second, third];
}

const unsavedRefreshTokens: RefreshTokenStore = {
  load: async () => null,
  save: async () => undefined,
  clear: async () => undefined,
  exclusive: (rotation) => rotation(),
};

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
