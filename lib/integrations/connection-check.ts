import "server-only";
import { adminTokenEndpoint } from "@/lib/platform/admin/client";
import { PlatformError } from "@/lib/platform/errors";
import { interchangeTokenEndpoint } from "@/lib/platform/interchange/client";
import { storeApiTokenEndpoint } from "@/lib/platform/store-api/client";
import { requestToken } from "@/lib/platform/token-source";
import { platformFetch } from "@/lib/platform/transport";
import type { StoreConfig } from "@/lib/stores/config";
import type { CheckResult } from "@/lib/contract/manager";
import { problemOf } from "./problems";

type CheckName = CheckResult["check"];

export type ConnectionSettings = Pick<
  StoreConfig,
  "id" | "baseUrl" | "clientId" | "clientSecret" | "serviceId" | "admin" | "storeApi"
>;

/**
 * "Test connection": asks the platform, with these settings, for an interchange token, polls once
 * and reads the admin API (and the store API's token when configured). Nothing is changed on the
 * platform: the poll sends no eventType filter (which would acknowledge everything else) and
 * nothing is acknowledged. The interchange and the admin/store checks run side by side.
 */
export async function checkConnection(settings: ConnectionSettings, timeoutMs: number): Promise<CheckResult[]> {
  const host = hostOf(settings.baseUrl);
  const fail = (check: CheckName, error: unknown): CheckResult => ({
    check,
    outcome: "failed",
    problem: problemOf(error, host, timeoutMs),
  });

  const interchange = async (): Promise<CheckResult[]> => {
    let token: string;
    try {
      token = (await requestToken(interchangeTokenEndpoint(settings, timeoutMs), "client_credentials")).accessToken;
    } catch (error) {
      return [fail("token", error), { check: "polling", outcome: "skipped", problem: { code: "needsToken", host } }];
    }
    try {
      const response = await platformFetch(`${settings.baseUrl}/v1/events:polling`, {
        method: "GET",
        headers: { authorization: `Bearer ${token}`, "x-polling-merchants": settings.id },
        timeoutMs,
      });
      if (!response.ok) throw await PlatformError.from(response, "polling");
      const body: unknown = response.status === 204 ? [] : await response.json().catch(() => undefined);
      if (!Array.isArray(body)) throw new PlatformError("The event list is malformed", response.status);
      return [
        { check: "token", outcome: "ok" },
        { check: "polling", outcome: "ok", pending: body.length },
      ];
    } catch (error) {
      return [{ check: "token", outcome: "ok" }, fail("polling", error)];
    }
  };

  const admin = async (): Promise<CheckResult> => {
    if (!settings.admin) return { check: "admin", outcome: "skipped" };
    if (!settings.serviceId) return { check: "admin", outcome: "failed", problem: { code: "serviceIdMissing", host } };
    const { clientId, clientSecret, username, password } = settings.admin;
    const identity = { baseUrl: settings.baseUrl, serviceId: settings.serviceId, clientId };
    const headers = { "x-service-id": settings.serviceId, "x-service-client-id": clientId };
    try {
      const { accessToken: token } = await requestToken(
        adminTokenEndpoint(identity, clientSecret, timeoutMs),
        "password",
        { username, password },
      );
      const response = await platformFetch(`${settings.baseUrl}/admin-api/v1/orders?limit=1`, {
        method: "GET",
        headers: { ...headers, authorization: `Bearer ${token}` },
        timeoutMs,
      });
      if (!response.ok) throw await PlatformError.from(response, "admin order list");
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

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
