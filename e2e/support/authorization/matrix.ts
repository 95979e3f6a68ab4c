import { expect } from "@playwright/test";
import { integrationBodyOf, type IntegrationJson } from "../integrations";
import { signInCookie } from "../session";
import { ENTRY_PAGES, KITCHEN_ROUTES, PUBLIC_ROUTES } from "./kitchen-routes";
import { BACK_OFFICE_ROUTES, STORE_ROUTES } from "./manager-routes";
import type { Call, Expected, Matrix, MatrixContext, Store, Who } from "./matrix-types";
import { createSandboxOrder, sandboxMerchantIds, secondPlatformChannelIds } from "./sandbox-orders";

/** Every page and route handler under app/ → its cases, in the order they run. */
export const MATRIX: Matrix = {
  ...PUBLIC_ROUTES,
  ...KITCHEN_ROUTES,
  ...BACK_OFFICE_ROUTES,
  ...STORE_ROUTES,
  ...ENTRY_PAGES,
};

/** What the matrix's cells act on: the first two sandbox stores and orders waited for on the board. */
export async function prepareMatrix(base: string, adminCookie: string) {
  const [own, other] = await sandboxMerchantIds(base);
  const storeIds: Record<Store, string> = { own: own!, other: other! };
  const [ownChannel, otherChannel] = await secondPlatformChannelIds(base, [own!, other!]);
  const channelIds: Record<Store, string> = { own: ownChannel!, other: otherChannel! };

  // Orders to act on, created on the platform and waited for on Comanda's board.
  const pool: Record<Store, string[]> = { own: [], other: [] };
  for (const store of ["own", "other"] as const) {
    for (let i = 0; i < 6; i++) pool[store].push(await createSandboxOrder(base, storeIds[store]));
  }
  await expect
    .poll(
      async () => {
        const board = (await (await fetch(`${base}/api/orders`, { headers: { cookie: adminCookie } })).json()) as {
          orders: Array<{ id: string }>;
        };
        const ids = new Set(board.orders.map((order) => order.id));
        return [...pool.own, ...pool.other].every((id) => ids.has(id));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { storeIds, channelIds, pool };
}

export function matrixContext(
  base: string,
  adminCookie: string,
  { storeIds, channelIds, pool }: Awaited<ReturnType<typeof prepareMatrix>>,
): MatrixContext {
  const someOrder: Record<Store, string> = { own: pool.own.pop()!, other: pool.other.pop()! };
  let pins = 5000;
  const newPin = () => String(pins++);
  let stores = 0;
  const newStore = () => ({
    id: `matrix-store-${++stores}`,
    name: "Matrix store",
    baseUrl: `${base}/sandbox`,
    clientId: "matrix-client",
    clientSecret: "matrix-secret",
    serviceId: null,
    admin: null,
    storeApi: null,
    pollIntervalSeconds: 30,
    confirmDeadlineMinutes: 8,
    enabled: false,
  });
  const integrationOf = async (channelId: string) => {
    const response = await fetch(`${base}/api/manager/stores/${channelId}/integration`, {
      headers: { cookie: adminCookie },
    });
    expect(response.status, "reading a store's settings").toBe(200);
    return ((await response.json()) as { integration: IntegrationJson & { connection: { id: string } } }).integration;
  };
  let foreign: Promise<string> | undefined;
  return {
    newPin,
    newStore,
    integrationBody: async (store) => integrationBodyOf(await integrationOf(storeIds[store])),
    connectionId: async () => (await integrationOf(storeIds.own)).connection.id,
    foreignConnectionId: () =>
      (foreign ??= (async () => {
        const store = newStore();
        const added = await fetch(`${base}/api/manager/stores`, {
          method: "POST",
          headers: { cookie: adminCookie, "content-type": "application/json" },
          body: JSON.stringify(store),
        });
        expect(added.status, "adding a store of a connection of its own").toBe(201);
        return (await integrationOf(store.id)).connection.id;
      })()),
    freshStaff: async (store) => {
      const response = await fetch(`${base}/api/staff`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "Matrix target", storeId: storeIds[store], pin: newPin() }),
      });
      expect(response.status, "creating a staff member").toBe(201);
      return ((await response.json()) as { id: number }).id;
    },
    storeId: (store) => storeIds[store],
    channelId: (store) => channelIds[store],
    someOrder: async (store) => someOrder[store],
    freshOrder: async (store) => {
      const id = pool[store].pop();
      if (!id) throw new Error("the order pool ran out: create more orders above");
      return id;
    },
  };
}

/** A fresh session for that identity (a tablet is a manager's session made the own store's tablet). */
export async function sessionFor(base: string, who: Who, ownStoreId: string): Promise<string | undefined> {
  if (who === "anonymous") return undefined;
  if (who !== "tablet") return signInCookie(base, who);
  const cookie = await signInCookie(base, "manager");
  const made = await fetch(`${base}/api/auth/device`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ storeId: ownStoreId }),
  });
  expect(made.status, "making a kitchen tablet").toBe(200);
  return cookie;
}

export async function statusOf(base: string, call: Call, cookie: string | undefined): Promise<Expected> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let body: string | undefined;
  if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(call.form).toString();
  }
  const abort = new AbortController();
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers,
    body,
    redirect: "manual",
    signal: abort.signal,
  });
  // Streams never end: the status is all we need.
  abort.abort();
  const location = response.headers.get("location") ?? "";
  if (response.status === 307 && location.startsWith("/sign-in")) return "sign-in";
  return response.status;
}
