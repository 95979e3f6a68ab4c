import type { TestSandbox } from "./harness";
import type { Merchant } from "../../../lib/sandbox/types";

// Admin and store API calls for the sandbox's own tests: the headers the platform document
// requires (X-Service-ID, X-Service-Client-Id) and the token grants.

export type TokenAnswer = { token_type: string; expires_in: number; access_token: string; refresh_token?: string };

export const serviceHeaders = (merchant: Merchant, api: "admin" | "store", token?: string): Record<string, string> => ({
  "x-service-id": merchant.serviceId,
  "x-service-client-id": merchant[api].clientId,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export function requestToken(
  sbx: TestSandbox,
  api: "admin" | "store",
  body: Record<string, string>,
  headers: Record<string, string>,
) {
  return sbx.call("POST", `/${api}-api/token`, { body, headers });
}

export const adminPasswordGrant = (merchant: Merchant) => ({
  grant_type: "password",
  client_id: merchant.admin.clientId,
  client_secret: merchant.admin.clientSecret,
  username: merchant.admin.username,
  password: merchant.admin.password,
});

export async function adminToken(sbx: TestSandbox, merchant: Merchant): Promise<TokenAnswer> {
  const response = await requestToken(sbx, "admin", adminPasswordGrant(merchant), serviceHeaders(merchant, "admin"));
  if (response.status !== 200) throw new Error(`admin token: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenAnswer;
}

export const refreshGrant = (merchant: Merchant, api: "admin" | "store", refreshToken: string) => ({
  grant_type: "refresh_token",
  client_id: merchant[api].clientId,
  client_secret: merchant[api].clientSecret,
  refresh_token: refreshToken,
});

export type ErrorEnvelope = { status: "error"; error: { code: string; message: string } };

export async function expectError(response: Response, status: number, code: string): Promise<ErrorEnvelope> {
  const body = (await response.json()) as ErrorEnvelope;
  if (response.status !== status || body.status !== "error" || body.error.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.status} ${JSON.stringify(body)}`);
  }
  return body;
}
