import { anyStore, managerPage, managers, perStore, type Matrix, type Store } from "./matrix-types";

const storePath = (ctx: { storeId(store: Store): string }, store: Store, rest: string) =>
  `/api/manager/stores/${ctx.storeId(store)}/${rest}`;

/** Staff, reports and order history: the manager's back office. */
export const BACK_OFFICE_ROUTES: Matrix = {
  "GET /api/staff": anyStore(() => ({ method: "GET", path: "/api/staff" }), managers(200)),
  "POST /api/staff": perStore(
    (ctx, store) => ({
      method: "POST",
      path: "/api/staff",
      json: { name: "Matrix cook", storeId: ctx.storeId(store), pin: ctx.newPin() },
    }),
    managers(201),
  ),
  "PATCH /api/staff/[userId]": perStore(
    async (ctx, store) => ({
      method: "PATCH",
      path: `/api/staff/${await ctx.freshStaff(store)}`,
      json: store === "own" ? { pin: ctx.newPin() } : { disabled: true },
    }),
    managers(204),
  ),
  "GET /api/manager/reports": [
    ...anyStore(() => ({ method: "GET", path: "/api/manager/reports" }), managers(200)),
    ...perStore(
      (ctx, store) => ({
        method: "GET",
        path:
          store === "own"
            ? `/api/manager/reports?store=${ctx.storeId(store)}&from=2026-01-01&to=2026-01-31`
            : `/api/manager/reports?store=${ctx.storeId(store)}`,
      }),
      managers(200),
    ),
    // A store the manager does not work for (an admin sees every store, this one has no orders).
    ...anyStore(() => ({ method: "GET", path: "/api/manager/reports?store=not-a-store-of-yours" }), {
      ...managers(403),
      admin: 200,
    }),
    // Input is parsed after the role check: outsiders learn nothing, managers get a sentence.
    ...anyStore(() => ({ method: "GET", path: "/api/manager/reports?from=2026-02-30" }), managers(400)),
  ],
  "PAGE /manager/reports": anyStore(() => ({ method: "GET", path: "/manager/reports" }), managerPage(200)),
  "PAGE /manager": anyStore(() => ({ method: "GET", path: "/manager" }), managerPage(200)),
  // Order history: managers of the store (the demo manager serves every sandbox store); a store
  // nobody serves is refused even to admins (it is not one of Comanda's stores).
  "GET /api/manager/orders": [
    ...anyStore(() => ({ method: "GET", path: "/api/manager/orders" }), managers(200)),
    ...perStore(
      (ctx, store) => ({
        method: "GET",
        path: `/api/manager/orders?store=${ctx.storeId(store)}${store === "own" ? "&q=1" : ""}`,
      }),
      managers(200),
    ),
    ...anyStore(() => ({ method: "GET", path: "/api/manager/orders?store=not-a-store" }), managers(403)),
  ],
  "GET /api/manager/orders/export": [
    ...perStore(
      (ctx, store) => ({ method: "GET", path: `/api/manager/orders/export?store=${ctx.storeId(store)}` }),
      managers(200),
    ),
    ...anyStore(() => ({ method: "GET", path: "/api/manager/orders/export?store=not-a-store" }), managers(403)),
  ],
  "PAGE /manager/orders": anyStore(() => ({ method: "GET", path: "/manager/orders" }), managerPage(200)),
  "PAGE /manager/orders/[orderId]": perStore(
    async (ctx, store) => ({ method: "GET", path: `/manager/orders/${await ctx.someOrder(store)}` }),
    managerPage(200),
  ),
  "PAGE /manager/orders/platform/[storeId]/[orderId]": perStore(
    (ctx, store) => ({
      method: "GET",
      path: `/manager/orders/platform/${ctx.storeId(store)}/not-listed?at=2026-01-01T12:00:00.000Z`,
    }),
    managerPage(200),
  ),
  // A restaurant's customers (issue 30): an id no customer has is a 404 to whoever works for the
  // store (the kitchen may write a note; only managers forget a customer), a 403 to anyone else.
  "PAGE /manager/customers": perStore(
    (ctx, store) => ({ method: "GET", path: `/manager/customers?store=${ctx.storeId(store)}&q=99123` }),
    managerPage(200),
  ),
  "PATCH /api/customers/[customerId]": perStore(
    (ctx, store) => ({
      method: "PATCH",
      path: `/api/customers/no-such-customer?storeId=${ctx.storeId(store)}`,
      json: { notes: "sempre sem cebola" },
    }),
    { anonymous: 401, kitchen: 404, tablet: 404, manager: 404, admin: 404 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 404, admin: 404 },
  ),
  "DELETE /api/customers/[customerId]": perStore(
    (ctx, store) => ({ method: "DELETE", path: `/api/customers/no-such-customer?storeId=${ctx.storeId(store)}` }),
    managers(404),
  ),
  "PAGE /manager/staff": anyStore(() => ({ method: "GET", path: "/manager/staff" }), managerPage(200)),
};

/** Stores, their platform integration and operations. */
export const STORE_ROUTES: Matrix = {
  "PAGE /manager/store": perStore(
    (ctx, store) => ({ method: "GET", path: `/manager/store?store=${ctx.storeId(store)}` }),
    managerPage(200),
  ),
  // Places a real (test) order through the store API: managers of the store only.
  "POST /api/manager/stores/[storeId]/test-order": perStore(
    (ctx, store) => ({
      method: "POST",
      path: storePath(ctx, store, "test-order"),
      json: { requestId: crypto.randomUUID() },
    }),
    managers(201),
  ),
  // Each channel's catalogue items and their pairs (issue 28's menu mapping): managers of the store.
  "GET /api/manager/stores/[storeId]/menu-mapping": perStore(
    (ctx, store) => ({ method: "GET", path: storePath(ctx, store, "menu-mapping") }),
    managers(200),
  ),
  "PAGE /manager/integrations": anyStore(() => ({ method: "GET", path: "/manager/integrations" }), managerPage(200)),
  "PAGE /manager/operations": anyStore(() => ({ method: "GET", path: "/manager/operations" }), managerPage(200)),
  "GET /api/manager/operations": anyStore(() => ({ method: "GET", path: "/api/manager/operations" }), managers(200)),
  // Adding a store: admins only (new platform credentials, and nobody manages it yet).
  "POST /api/manager/stores": [
    {
      call: (ctx) => ({ method: "POST", path: "/api/manager/stores", json: ctx.newStore() }),
      expect: { ...managers(403), admin: 201 },
    },
  ],
  // The merchants that authorised a connection (2.0 only: the browser tests' platforms speak 1.7,
  // so an allowed caller is told 409, no list); a connection none of the manager's restaurants is
  // on is the admin's alone.
  "GET /api/manager/connections/[connectionId]/merchants": [
    {
      call: async (ctx) => ({ method: "GET", path: `/api/manager/connections/${await ctx.connectionId()}/merchants` }),
      expect: managers(409),
    },
    {
      call: async (ctx) => ({
        method: "GET",
        path: `/api/manager/connections/${await ctx.foreignConnectionId()}/merchants`,
      }),
      expect: { ...managers(403), admin: 409 },
    },
  ],
  // A channel's settings: by the restaurant's first channel (the restaurant's id) and by its
  // channel on the second platform, each checked against the channel's restaurant.
  "GET /api/manager/stores/[storeId]/integration": [
    ...perStore((ctx, store) => ({ method: "GET", path: storePath(ctx, store, "integration") }), managers(200)),
    ...perStore(
      (ctx, store) => ({ method: "GET", path: `/api/manager/stores/${ctx.channelId(store)}/integration` }),
      managers(200),
    ),
  ],
  "PUT /api/manager/stores/[storeId]/integration": perStore(
    async (ctx, store) => ({
      method: "PUT",
      path: storePath(ctx, store, "integration"),
      json: await ctx.integrationBody(store),
    }),
    managers(200),
  ),
  "POST /api/manager/stores/[storeId]/test-connection": perStore(
    (ctx, store) => ({ method: "POST", path: storePath(ctx, store, "test-connection"), json: {} }),
    managers(200),
  ),
  "PUT /api/manager/stores/[storeId]/time-zone": perStore(
    (ctx, store) => ({
      method: "PUT",
      path: storePath(ctx, store, "time-zone"),
      json: { timeZone: "America/Sao_Paulo" },
    }),
    managers(200),
  ),
  "GET /api/manager/stores/[storeId]/kitchen": perStore(
    (ctx, store) => ({ method: "GET", path: storePath(ctx, store, "kitchen") }),
    managers(200),
  ),
  // The defaults (migration 0007), so that the other specs' stores keep working as they expect.
  "PUT /api/manager/stores/[storeId]/kitchen": perStore(
    (ctx, store) => ({
      method: "PUT",
      path: storePath(ctx, store, "kitchen"),
      json: { preparationMinutes: 20, reportPreparing: true },
    }),
    managers(200),
  ),
  "GET /api/manager/stores/[storeId]/printers": perStore(
    (ctx, store) => ({ method: "GET", path: storePath(ctx, store, "printers") }),
    managers(200),
  ),
  // An empty list: the other specs' stores keep printing nothing.
  "PUT /api/manager/stores/[storeId]/printers": perStore(
    (ctx, store) => ({ method: "PUT", path: storePath(ctx, store, "printers"), json: { printers: [] } }),
    managers(200),
  ),
  "GET /api/manager/stores/[storeId]/stations": perStore(
    (ctx, store) => ({ method: "GET", path: storePath(ctx, store, "stations") }),
    managers(200),
  ),
  // No stations: the other specs' stores keep one kitchen.
  "PUT /api/manager/stores/[storeId]/stations": perStore(
    (ctx, store) => ({
      method: "PUT",
      path: storePath(ctx, store, "stations"),
      json: { stations: [], routes: [], expoSkipTypes: [] },
    }),
    managers(200),
  ),
  "POST /api/manager/stores/[storeId]/parked/retry": perStore(
    (ctx, store) => ({ method: "POST", path: storePath(ctx, store, "parked/retry"), json: {} }),
    managers(200),
  ),
  // No such quarantined event: a manager of the store reaches the lookup (404), others are refused first.
  "POST /api/manager/stores/[storeId]/quarantine/retry": perStore(
    (ctx, store) => ({ method: "POST", path: storePath(ctx, store, "quarantine/retry"), json: { id: 2_000_000_000 } }),
    managers(404),
  ),
};
