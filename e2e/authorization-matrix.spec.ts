import { expect, test } from "@playwright/test";
import { DEMO_COOK } from "./support/accounts";
import { integrationBodyOf, type IntegrationJson } from "./support/integrations";
import { discoverRoutes } from "./support/routes";
import { signInCookie } from "./support/session";

/**
 * Acceptance: every page and route handler × role × store → the expected status. The list of
 * routes is read from app/, so a new route without a line here fails the first test.
 *
 * Identities: anonymous; the demo kitchen account (first store); a kitchen tablet (a manager's
 * session made the first store's tablet, no PIN entered); the demo manager (every sandbox store);
 * an admin (every store). "own" is the first store, "other" the second, which the kitchen and the
 * tablet do not serve. Each request gets a fresh session, so one cell cannot affect another.
 */

const WHO = ["anonymous", "kitchen", "tablet", "manager", "admin"] as const;
type Who = (typeof WHO)[number];
/** An HTTP status, or "sign-in": a redirect to the sign-in page (pages without a session). */
type Expected = number | "sign-in";
type Store = "own" | "other";

interface Context {
  storeId(store: Store): string;
  /** An order of that store nobody has acted on yet (for actions expected to succeed). */
  freshOrder(store: Store): Promise<string>;
  /** Any order of that store. */
  someOrder(store: Store): Promise<string>;
  /** A new kitchen staff member of that store (to change without touching the demo accounts). */
  freshStaff(store: Store): Promise<number>;
  /** A PIN nobody has yet. */
  newPin(): string;
  /** The store's integration settings as the page sends them back (secrets blank: kept). */
  integrationBody(store: Store): Promise<unknown>;
  /** A new store's settings (disabled, so nothing polls it). */
  newStore(): unknown;
}

interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
}

interface Case {
  store?: Store;
  call: (ctx: Context) => Promise<Call> | Call;
  expect: Record<Who, Expected>;
}

const all = (status: Expected): Record<Who, Expected> => ({
  anonymous: status,
  kitchen: status,
  tablet: status,
  manager: status,
  admin: status,
});
const signedIn = (status: Expected, anonymous: Expected = 401): Record<Who, Expected> => ({
  ...all(status),
  anonymous,
});
/** Managers and admins only: 403 for the kitchen account and for tablets (even one a manager set up). */
const managers = (status: Expected): Record<Who, Expected> => ({
  anonymous: 401,
  kitchen: 403,
  tablet: 403,
  manager: status,
  admin: status,
});

const MATRIX: Record<string, Case[]> = {
  // Public: liveness for load balancers; it says nothing about orders or staff.
  "GET /api/health": [{ call: () => ({ method: "GET", path: "/api/health" }), expect: all(200) }],
  // Public by nature: next-auth's own endpoints (CSRF token, sign-in, sign-out).
  "GET /api/auth/[...nextauth]": [{ call: () => ({ method: "GET", path: "/api/auth/csrf" }), expect: all(200) }],
  "POST /api/auth/[...nextauth]": [
    { call: () => ({ method: "POST", path: "/api/auth/signout", form: { json: "true" } }), expect: all(200) },
  ],
  // The sandbox stands for the remote platform: never behind Comanda's sign-in.
  "GET /sandbox/[[...path]]": [
    { call: () => ({ method: "GET", path: "/sandbox/control/merchants" }), expect: all(200) },
  ],
  "POST /sandbox/[[...path]]": [
    { call: () => ({ method: "POST", path: "/sandbox/control/clock", json: { advanceSeconds: 0 } }), expect: all(200) },
  ],
  "PUT /sandbox/[[...path]]": [
    { call: () => ({ method: "PUT", path: "/sandbox/control/faults", json: {} }), expect: all(200) },
  ],
  "PATCH /sandbox/[[...path]]": [
    { call: () => ({ method: "PATCH", path: "/sandbox/control/faults", json: {} }), expect: all(404) },
  ],
  "DELETE /sandbox/[[...path]]": [
    { call: () => ({ method: "DELETE", path: "/sandbox/control/faults" }), expect: all(204) },
  ],
  // The platform's webhook is public by nature and authenticated by its HMAC signature: unsigned → 401.
  "POST /api/open-delivery/v1/newEvent": [
    {
      call: () => ({ method: "POST", path: "/api/open-delivery/v1/newEvent", json: { eventId: "x" } }),
      expect: all(401),
    },
  ],
  // Metrics: admins (or a scraper's bearer token, tested separately).
  "GET /api/metrics": [
    {
      call: () => ({ method: "GET", path: "/api/metrics" }),
      expect: { anonymous: 401, kitchen: 403, tablet: 403, manager: 403, admin: 200 },
    },
  ],

  "GET /api/orders": [{ call: () => ({ method: "GET", path: "/api/orders" }), expect: signedIn(200) }],
  "GET /api/board/stream": [{ call: () => ({ method: "GET", path: "/api/board/stream" }), expect: signedIn(200) }],
  "GET /api/orders/[orderId]": [
    {
      store: "own",
      call: async (ctx) => ({ method: "GET", path: `/api/orders/${await ctx.someOrder("own")}` }),
      expect: signedIn(200),
    },
    {
      store: "other",
      call: async (ctx) => ({ method: "GET", path: `/api/orders/${await ctx.someOrder("other")}` }),
      expect: { anonymous: 401, kitchen: 403, tablet: 403, manager: 200, admin: 200 },
    },
  ],
  "POST /api/orders/[orderId]/actions/[action]": [
    {
      store: "own",
      call: async (ctx) => ({
        method: "POST",
        path: `/api/orders/${await ctx.freshOrder("own")}/actions/confirm`,
        json: {},
      }),
      // The tablet has no PIN entered: nobody to record the action for.
      expect: { anonymous: 401, kitchen: 200, tablet: 403, manager: 200, admin: 200 },
    },
    {
      store: "other",
      call: async (ctx) => ({
        method: "POST",
        path: `/api/orders/${await ctx.freshOrder("other")}/actions/confirm`,
        json: {},
      }),
      expect: { anonymous: 401, kitchen: 403, tablet: 403, manager: 200, admin: 200 },
    },
  ],
  "POST /api/auth/pin": [
    { call: () => ({ method: "POST", path: "/api/auth/pin", json: { pin: DEMO_COOK.pin } }), expect: signedIn(200) },
  ],
  "DELETE /api/auth/pin": [{ call: () => ({ method: "DELETE", path: "/api/auth/pin" }), expect: signedIn(204) }],
  "POST /api/auth/device": [
    {
      store: "own",
      call: (ctx) => ({ method: "POST", path: "/api/auth/device", json: { storeId: ctx.storeId("own") } }),
      expect: { anonymous: 401, kitchen: 403, tablet: 403, manager: 200, admin: 200 },
    },
    {
      store: "other",
      call: (ctx) => ({ method: "POST", path: "/api/auth/device", json: { storeId: ctx.storeId("other") } }),
      expect: { anonymous: 401, kitchen: 403, tablet: 403, manager: 200, admin: 200 },
    },
  ],

  "GET /api/staff": [{ call: () => ({ method: "GET", path: "/api/staff" }), expect: managers(200) }],
  "POST /api/staff": [
    {
      store: "own",
      call: (ctx) => ({
        method: "POST",
        path: "/api/staff",
        json: { name: "Matrix cook", storeId: ctx.storeId("own"), pin: ctx.newPin() },
      }),
      expect: managers(201),
    },
    {
      store: "other",
      call: (ctx) => ({
        method: "POST",
        path: "/api/staff",
        json: { name: "Matrix cook", storeId: ctx.storeId("other"), pin: ctx.newPin() },
      }),
      expect: managers(201),
    },
  ],
  "PATCH /api/staff/[userId]": [
    {
      store: "own",
      call: async (ctx) => ({
        method: "PATCH",
        path: `/api/staff/${await ctx.freshStaff("own")}`,
        json: { pin: ctx.newPin() },
      }),
      expect: managers(204),
    },
    {
      store: "other",
      call: async (ctx) => ({
        method: "PATCH",
        path: `/api/staff/${await ctx.freshStaff("other")}`,
        json: { disabled: true },
      }),
      expect: managers(204),
    },
  ],
  "GET /api/manager/reports": [
    { call: () => ({ method: "GET", path: "/api/manager/reports" }), expect: managers(200) },
    {
      store: "own",
      call: (ctx) => ({
        method: "GET",
        path: `/api/manager/reports?store=${ctx.storeId("own")}&from=2026-01-01&to=2026-01-31`,
      }),
      expect: managers(200),
    },
    {
      store: "other",
      call: (ctx) => ({ method: "GET", path: `/api/manager/reports?store=${ctx.storeId("other")}` }),
      expect: managers(200),
    },
    // A store the manager does not work for (an admin sees every store, this one has no orders).
    {
      call: () => ({ method: "GET", path: "/api/manager/reports?store=not-a-store-of-yours" }),
      expect: { ...managers(403), admin: 200 },
    },
    // Input is parsed after the role check: outsiders learn nothing, managers get a sentence.
    { call: () => ({ method: "GET", path: "/api/manager/reports?from=2026-02-30" }), expect: managers(400) },
  ],
  "PAGE /manager/reports": [
    { call: () => ({ method: "GET", path: "/manager/reports" }), expect: { ...managers(200), anonymous: "sign-in" } },
  ],
  "PAGE /manager": [
    { call: () => ({ method: "GET", path: "/manager" }), expect: { ...managers(307), anonymous: "sign-in" } },
  ],
  // Order history: managers of the store (the demo manager serves every sandbox store); a store
  // nobody serves is refused even to admins (it is not one of Comanda's stores).
  "GET /api/manager/orders": [
    { call: () => ({ method: "GET", path: "/api/manager/orders" }), expect: managers(200) },
    {
      store: "own",
      call: (ctx) => ({ method: "GET", path: `/api/manager/orders?store=${ctx.storeId("own")}&q=1` }),
      expect: managers(200),
    },
    {
      store: "other",
      call: (ctx) => ({ method: "GET", path: `/api/manager/orders?store=${ctx.storeId("other")}` }),
      expect: managers(200),
    },
    { call: () => ({ method: "GET", path: "/api/manager/orders?store=not-a-store" }), expect: managers(403) },
  ],
  "GET /api/manager/orders/export": [
    {
      store: "own",
      call: (ctx) => ({ method: "GET", path: `/api/manager/orders/export?store=${ctx.storeId("own")}` }),
      expect: managers(200),
    },
    {
      store: "other",
      call: (ctx) => ({ method: "GET", path: `/api/manager/orders/export?store=${ctx.storeId("other")}` }),
      expect: managers(200),
    },
    { call: () => ({ method: "GET", path: "/api/manager/orders/export?store=not-a-store" }), expect: managers(403) },
  ],
  "PAGE /manager/orders": [
    { call: () => ({ method: "GET", path: "/manager/orders" }), expect: { ...managers(200), anonymous: "sign-in" } },
  ],
  "PAGE /manager/orders/[orderId]": [
    {
      store: "own",
      call: async (ctx) => ({ method: "GET", path: `/manager/orders/${await ctx.someOrder("own")}` }),
      expect: { ...managers(200), anonymous: "sign-in" },
    },
    {
      store: "other",
      call: async (ctx) => ({ method: "GET", path: `/manager/orders/${await ctx.someOrder("other")}` }),
      expect: { ...managers(200), anonymous: "sign-in" },
    },
  ],
  "PAGE /manager/staff": [
    { call: () => ({ method: "GET", path: "/manager/staff" }), expect: { ...managers(200), anonymous: "sign-in" } },
  ],
  "PAGE /manager/store": [
    {
      store: "own",
      call: (ctx) => ({ method: "GET", path: `/manager/store?store=${ctx.storeId("own")}` }),
      expect: { ...managers(200), anonymous: "sign-in" },
    },
    {
      store: "other",
      call: (ctx) => ({ method: "GET", path: `/manager/store?store=${ctx.storeId("other")}` }),
      expect: { ...managers(200), anonymous: "sign-in" },
    },
  ],
  // Places a real (test) order through the store API: managers of the store only.
  "POST /api/manager/stores/[storeId]/test-order": [
    {
      store: "own",
      call: (ctx) => ({
        method: "POST",
        path: `/api/manager/stores/${ctx.storeId("own")}/test-order`,
        json: { requestId: crypto.randomUUID() },
      }),
      expect: managers(201),
    },
    {
      store: "other",
      call: (ctx) => ({
        method: "POST",
        path: `/api/manager/stores/${ctx.storeId("other")}/test-order`,
        json: { requestId: crypto.randomUUID() },
      }),
      expect: managers(201),
    },
  ],
  "PAGE /manager/integrations": [
    {
      call: () => ({ method: "GET", path: "/manager/integrations" }),
      expect: { ...managers(200), anonymous: "sign-in" },
    },
  ],
  "PAGE /manager/operations": [
    {
      call: () => ({ method: "GET", path: "/manager/operations" }),
      expect: { ...managers(200), anonymous: "sign-in" },
    },
  ],
  "GET /api/manager/operations": [
    { call: () => ({ method: "GET", path: "/api/manager/operations" }), expect: managers(200) },
  ],
  // Adding a store: admins only (new platform credentials, and nobody manages it yet).
  "POST /api/manager/stores": [
    {
      call: (ctx) => ({ method: "POST", path: "/api/manager/stores", json: ctx.newStore() }),
      expect: { ...managers(403), admin: 201 },
    },
  ],
  "GET /api/manager/stores/[storeId]/integration": [
    {
      store: "own",
      call: (ctx) => ({ method: "GET", path: `/api/manager/stores/${ctx.storeId("own")}/integration` }),
      expect: managers(200),
    },
    {
      store: "other",
      call: (ctx) => ({ method: "GET", path: `/api/manager/stores/${ctx.storeId("other")}/integration` }),
      expect: managers(200),
    },
  ],
  "PUT /api/manager/stores/[storeId]/integration": [
    {
      store: "own",
      call: async (ctx) => ({
        method: "PUT",
        path: `/api/manager/stores/${ctx.storeId("own")}/integration`,
        json: await ctx.integrationBody("own"),
      }),
      expect: managers(200),
    },
    {
      store: "other",
      call: async (ctx) => ({
        method: "PUT",
        path: `/api/manager/stores/${ctx.storeId("other")}/integration`,
        json: await ctx.integrationBody("other"),
      }),
      expect: managers(200),
    },
  ],
  "POST /api/manager/stores/[storeId]/test-connection": [
    {
      store: "own",
      call: (ctx) => ({ method: "POST", path: `/api/manager/stores/${ctx.storeId("own")}/test-connection`, json: {} }),
      expect: managers(200),
    },
    {
      store: "other",
      call: (ctx) => ({
        method: "POST",
        path: `/api/manager/stores/${ctx.storeId("other")}/test-connection`,
        json: {},
      }),
      expect: managers(200),
    },
  ],
  "POST /api/manager/stores/[storeId]/parked/retry": [
    {
      store: "own",
      call: (ctx) => ({ method: "POST", path: `/api/manager/stores/${ctx.storeId("own")}/parked/retry`, json: {} }),
      expect: managers(200),
    },
    {
      store: "other",
      call: (ctx) => ({ method: "POST", path: `/api/manager/stores/${ctx.storeId("other")}/parked/retry`, json: {} }),
      expect: managers(200),
    },
  ],

  "PAGE /": [{ call: () => ({ method: "GET", path: "/" }), expect: all(307) }],
  "PAGE /board": [{ call: () => ({ method: "GET", path: "/board" }), expect: signedIn(200, "sign-in") }],
  // Signed-in people are sent on to the board.
  "PAGE /sign-in": [{ call: () => ({ method: "GET", path: "/sign-in" }), expect: { ...all(307), anonymous: 200 } }],
};

test("every page and route handler under app/ has declared expectations", () => {
  const discovered = discoverRoutes().map((route) => route.key);
  expect(discovered.length).toBeGreaterThan(5);
  const undeclared = discovered.filter((key) => !(key in MATRIX));
  const stale = Object.keys(MATRIX).filter((key) => !discovered.includes(key));
  expect(undeclared, "routes with no expected statuses in the authorization matrix").toEqual([]);
  expect(stale, "matrix entries for routes that no longer exist").toEqual([]);
});

test("authorization matrix: route × role × store → status", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const adminCookie = await signInCookie(base, "admin");

  const merchants = (await (await fetch(`${base}/sandbox/control/merchants`)).json()) as Array<{ merchantId: string }>;
  const storeIds: Record<Store, string> = { own: merchants[0]!.merchantId, other: merchants[1]!.merchantId };

  // Orders to act on, created on the platform and waited for on Comanda's board.
  const pool: Record<Store, string[]> = { own: [], other: [] };
  for (const store of ["own", "other"] as const) {
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${base}/sandbox/control/orders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ merchantId: storeIds[store] }),
      });
      pool[store].push(((await response.json()) as { orderId: string }).orderId);
    }
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
  const someOrder: Record<Store, string> = { own: pool.own.pop()!, other: pool.other.pop()! };
  let pins = 5000;
  const newPin = () => String(pins++);
  let stores = 0;
  const ctx: Context = {
    newPin,
    newStore: () => ({
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
    }),
    integrationBody: async (store) => {
      const response = await fetch(`${base}/api/manager/stores/${storeIds[store]}/integration`, {
        headers: { cookie: adminCookie },
      });
      expect(response.status, "reading a store's settings").toBe(200);
      return integrationBodyOf(((await response.json()) as { integration: IntegrationJson }).integration);
    },
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
    someOrder: async (store) => someOrder[store],
    freshOrder: async (store) => {
      const id = pool[store].pop();
      if (!id) throw new Error("the order pool ran out: create more orders above");
      return id;
    },
  };

  const sessionFor = async (who: Who): Promise<string | undefined> => {
    if (who === "anonymous") return undefined;
    if (who !== "tablet") return signInCookie(base, who);
    const cookie = await signInCookie(base, "manager");
    const made = await fetch(`${base}/api/auth/device`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ storeId: storeIds.own }),
    });
    expect(made.status, "making a kitchen tablet").toBe(200);
    return cookie;
  };

  const statusOf = async (call: Call, cookie: string | undefined): Promise<Expected> => {
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
  };

  const expected: string[] = [];
  const actual: string[] = [];
  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const entry of cases) {
      for (const who of WHO) {
        const label = `${route}${entry.store ? ` [${entry.store} store]` : ""} as ${who}`;
        const status = await statusOf(await entry.call(ctx), await sessionFor(who));
        expected.push(`${label} → ${entry.expect[who]}`);
        actual.push(`${label} → ${status}`);
      }
    }
  }
  expect(actual).toEqual(expected);
});

test("the kitchen sees only its store's orders", async ({ baseURL }) => {
  const base = baseURL!;
  const merchants = (await (await fetch(`${base}/sandbox/control/merchants`)).json()) as Array<{ merchantId: string }>;
  const create = async (merchantId: string) =>
    (
      (await (
        await fetch(`${base}/sandbox/control/orders`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ merchantId }),
        })
      ).json()) as { orderId: string }
    ).orderId;
  const own = await create(merchants[0]!.merchantId);
  const other = await create(merchants[1]!.merchantId);
  const ids = async (account: "kitchen" | "manager") => {
    const board = (await (
      await fetch(`${base}/api/orders`, { headers: { cookie: await signInCookie(base, account) } })
    ).json()) as { orders: Array<{ id: string; storeId: string }> };
    return board.orders;
  };
  await expect
    .poll(async () => (await ids("manager")).filter((o) => o.id === own || o.id === other).length, { timeout: 20_000 })
    .toBe(2);
  const kitchen = await ids("kitchen");
  expect(kitchen.some((o) => o.id === own)).toBe(true);
  expect(kitchen.some((o) => o.id === other)).toBe(false);
  expect(kitchen.every((o) => o.storeId === merchants[0]!.merchantId)).toBe(true);
});

test("the kitchen's live stream carries only its store's orders", async ({ baseURL }) => {
  const base = baseURL!;
  const merchants = (await (await fetch(`${base}/sandbox/control/merchants`)).json()) as Array<{ merchantId: string }>;
  const { lastSeq } = (await (
    await fetch(`${base}/api/orders`, { headers: { cookie: await signInCookie(base, "admin") } })
  ).json()) as { lastSeq: number };
  const abort = new AbortController();
  const stop = setTimeout(() => abort.abort(), 25_000);
  const stream = await fetch(`${base}/api/board/stream?after=${lastSeq}`, {
    headers: { cookie: await signInCookie(base, "kitchen") },
    signal: abort.signal,
  });
  expect(stream.status).toBe(200);
  const create = async (merchantId: string) =>
    (
      (await (
        await fetch(`${base}/sandbox/control/orders`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ merchantId }),
        })
      ).json()) as { orderId: string }
    ).orderId;
  // The other store's order first: if the filter leaked, it would arrive before ours.
  const other = await create(merchants[1]!.merchantId);
  const own = await create(merchants[0]!.merchantId);

  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 20_000;
  while (!text.includes(own) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  clearTimeout(stop);
  abort.abort();
  expect(text).toContain(own);
  expect(text).not.toContain(other);
  // Every message names only the kitchen's store: order changes, and the stores' status.
  for (const message of text.split("\n\n")) {
    const data = message.split("\n").find((line) => line.startsWith("data: "));
    if (!data) continue;
    const payload = JSON.parse(data.slice(6)) as { storeId?: string; stores?: Array<{ id: string }> };
    if (message.includes("event: status"))
      expect(payload.stores?.map((store) => store.id)).toEqual([merchants[0]!.merchantId]);
    else expect(payload.storeId).toBe(merchants[0]!.merchantId);
  }
});
