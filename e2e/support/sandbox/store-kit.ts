import { afterAll, beforeAll, expect } from "vitest";
import { startTestSandbox, type TestSandbox } from "./harness";
import type { Merchant } from "../../../lib/sandbox/types";

// Support for the store API's tests: a sandbox on a fixed clock (a Friday, 20:00 in São Paulo,
// when both stores are open), tokens of the store API, and calls with the required headers.

export const FRIDAY_8PM = new Date("2026-11-20T23:00:00Z");

export type StoreKit = TestSandbox & {
  pizzaria: Merchant;
  burger: Merchant;
  appToken(merchant?: Merchant): Promise<string>;
  customerToken(merchant?: Merchant, index?: number): Promise<string>;
  store(
    method: string,
    path: string,
    init?: { token?: string; merchant?: Merchant; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  data<T = Record<string, unknown>>(response: Response, status?: number): Promise<T>;
  error(response: Response, status: number, code?: string): Promise<{ code: string; message: string }>;
};

export async function startStoreKit(
  at: Date = FRIDAY_8PM,
  options: { basePath?: string; openAroundTheClock?: boolean } = {},
): Promise<StoreKit> {
  const sbx = await startTestSandbox({ now: () => at, seed: 7, ...options });
  const pizzaria = sbx.merchants.find((m) => m.serviceId === "bella-napoli-vila-madalena");
  const burger = sbx.merchants.find((m) => m.serviceId === "vila-smash-pinheiros");
  if (!pizzaria || !burger) throw new Error("seed merchants missing");

  const headersOf = (merchant: Merchant) => ({
    "x-service-id": merchant.serviceId,
    "x-service-client-id": merchant.store.clientId,
  });
  const grant = async (merchant: Merchant, fields: Record<string, string>) => {
    const response = await sbx.call("POST", "/store-api/token", {
      headers: { ...headersOf(merchant), "content-type": "application/json" },
      body: { client_id: merchant.store.clientId, client_secret: merchant.store.clientSecret, ...fields },
    });
    if (response.status !== 200) throw new Error(`store token: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  return {
    ...sbx,
    pizzaria,
    burger,
    appToken: (merchant = pizzaria) => grant(merchant, { grant_type: "client_credentials" }),
    customerToken(merchant = pizzaria, index = 0) {
      const login = merchant.customers[index];
      if (!login) throw new Error(`no customer ${index}`);
      return grant(merchant, { grant_type: "password", username: login.username, password: login.password });
    },
    store(method, path, init = {}) {
      const merchant = init.merchant ?? pizzaria;
      return sbx.call(method, `/store-api/v1${path}`, {
        headers: { ...headersOf(merchant), ...init.headers },
        ...(init.token ? { token: init.token } : {}),
        ...(init.body !== undefined ? { body: init.body } : {}),
      });
    },
    async data<T>(response: Response, status = 200): Promise<T> {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      const json = JSON.parse(text) as { status: string; data: T };
      expect(json.status).toBe("success");
      return json.data;
    },
    async error(response, status, code) {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      const json = JSON.parse(text) as { status: string; error: { code: string; message: string } };
      expect(json.status).toBe("error");
      if (code) expect(json.error.code).toBe(code);
      expect(json.error.message.length).toBeGreaterThan(0);
      return json.error;
    },
  };
}

/** The store kit a test file shares, with an application token of the pizzaria. */
export type SharedStoreKit = StoreKit & { app: string };

/**
 * One store-API sandbox for the calling test file: started before its tests (with the pizzaria's
 * application token as `app`) and closed after them. Call it at the top of the file; the answer
 * reads through to the started kit, so module-level helpers can use it as they would the kit
 * itself, from the first test on.
 */
export function sharedStoreKit(): SharedStoreKit {
  let started: SharedStoreKit | undefined;
  beforeAll(async () => {
    const kit = await startStoreKit();
    started = { ...kit, app: await kit.appToken() };
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return new Proxy({} as SharedStoreKit, {
    get(_, key) {
      if (!started)
        throw new Error("the store kit is used outside its file's tests (before beforeAll, after afterAll)");
      return started[key as keyof SharedStoreKit];
    },
  });
}
