import { DEMO_COOK } from "../accounts";
import { all, anyStore, perStore, signedIn, type Matrix } from "./matrix-types";

/** Public endpoints: health, next-auth, the sandbox, the platform's webhook, backups and metrics. */
export const PUBLIC_ROUTES: Matrix = {
  // Public: liveness for load balancers; it says nothing about orders or staff.
  "GET /api/health": anyStore(() => ({ method: "GET", path: "/api/health" }), all(200)),
  // Public: the load balancer's liveness and readiness probes answer only ok / unavailable.
  "GET /api/health/live": anyStore(() => ({ method: "GET", path: "/api/health/live" }), all(200)),
  "GET /api/health/ready": anyStore(() => ({ method: "GET", path: "/api/health/ready" }), all(200)),
  // Public by nature: next-auth's own endpoints (CSRF token, sign-in, sign-out).
  "GET /api/auth/[...nextauth]": anyStore(() => ({ method: "GET", path: "/api/auth/csrf" }), all(200)),
  "POST /api/auth/[...nextauth]": anyStore(
    () => ({ method: "POST", path: "/api/auth/signout", form: { json: "true" } }),
    all(200),
  ),
  // The sandbox stands for the remote platform: never behind Comanda's sign-in.
  "GET /sandbox/[[...path]]": anyStore(() => ({ method: "GET", path: "/sandbox/control/merchants" }), all(200)),
  "POST /sandbox/[[...path]]": anyStore(
    () => ({ method: "POST", path: "/sandbox/control/clock", json: { advanceSeconds: 0 } }),
    all(200),
  ),
  "PUT /sandbox/[[...path]]": anyStore(() => ({ method: "PUT", path: "/sandbox/control/faults", json: {} }), all(200)),
  "PATCH /sandbox/[[...path]]": anyStore(
    () => ({ method: "PATCH", path: "/sandbox/control/faults", json: {} }),
    all(404),
  ),
  "DELETE /sandbox/[[...path]]": anyStore(() => ({ method: "DELETE", path: "/sandbox/control/faults" }), all(204)),
  // The platform's webhook is public by nature and authenticated by its HMAC signature: unsigned → 401.
  "POST /api/open-delivery/v1/newEvent": anyStore(
    () => ({ method: "POST", path: "/api/open-delivery/v1/newEvent", json: { eventId: "x" } }),
    all(401),
  ),
  // A 2.0 platform's webhook (rc.2's orderEvent): public and signed the same way; unsigned → 401.
  "POST /api/open-delivery/v2/newEvent": anyStore(
    () => ({ method: "POST", path: "/api/open-delivery/v2/newEvent", json: { eventId: "x" } }),
    all(401),
  ),
  // Comanda's Open Delivery discovery manifest (served at /.well-known/opendelivery by a rewrite):
  // public by the standard, it holds no secret.
  "GET /api/open-delivery/discovery": anyStore(() => ({ method: "GET", path: "/.well-known/opendelivery" }), all(200)),
  // A store's Open Delivery merchant endpoint: read by the platform with the store's apiKey only.
  "GET /api/open-delivery/v1/merchant/[storeId]": anyStore(
    () => ({ method: "GET", path: "/api/open-delivery/v1/merchant/no-such-store" }),
    all(403),
  ),
  "GET /api/open-delivery/v1/merchant/[storeId]/status": anyStore(
    () => ({ method: "GET", path: "/api/open-delivery/v1/merchant/no-such-store/status" }),
    // 1.7.0 lists 401 (Unauthorized) for this route: no valid X-API-KEY, whoever asks.
    all(401),
  ),
  // A copy of the database for `npm run backup`: only its token signed with the server's
  // AUTH_SECRET (e2e/backup-restore.spec.ts), never a session, an admin's included.
  "POST /api/admin/backup": anyStore(() => ({ method: "POST", path: "/api/admin/backup" }), all(401)),
  // Metrics: admins (or a scraper's bearer token, tested separately).
  "GET /api/metrics": anyStore(() => ({ method: "GET", path: "/api/metrics" }), {
    anonymous: 401,
    kitchen: 403,
    tablet: 403,
    manager: 403,
    admin: 200,
  }),
};

const OUTSIDE_THE_STORE = { anonymous: 401, kitchen: 403, tablet: 403, manager: 200, admin: 200 } as const;

/** The kitchen's board, orders and actions, PIN and tablets. */
export const KITCHEN_ROUTES: Matrix = {
  "GET /api/orders": anyStore(() => ({ method: "GET", path: "/api/orders" }), signedIn(200)),
  "GET /api/board/stream": anyStore(() => ({ method: "GET", path: "/api/board/stream" }), signedIn(200)),
  "GET /api/orders/[orderId]": perStore(
    async (ctx, store) => ({ method: "GET", path: `/api/orders/${await ctx.someOrder(store)}` }),
    signedIn(200),
    OUTSIDE_THE_STORE,
  ),
  "POST /api/orders/[orderId]/actions/[action]": perStore(
    async (ctx, store) => ({
      method: "POST",
      path: `/api/orders/${await ctx.freshOrder(store)}/actions/confirm`,
      json: {},
    }),
    // The tablet has no PIN entered: nobody to record the action for.
    { anonymous: 401, kitchen: 200, tablet: 403, manager: 200, admin: 200 },
    OUTSIDE_THE_STORE,
  ),
  // Taking an own order: an empty one is refused (400) once the caller may take it, so the
  // matrix leaves no order behind; another restaurant's staff are refused before that.
  "POST /api/orders/own": perStore(
    (ctx, store) => ({
      method: "POST",
      path: "/api/orders/own",
      json: {
        storeId: ctx.storeId(store),
        source: "phone",
        type: "takeout",
        items: [],
        payment: { method: "PIX" },
      },
    }),
    // The tablet has no PIN entered: nobody to record the order for.
    { anonymous: 401, kitchen: 400, tablet: 403, manager: 400, admin: 400 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 400, admin: 400 },
  ),
  // The order form's menu, price preview and customer lookup (issue 30): the restaurant's kitchen
  // staff and up, never another restaurant's. A quote of nothing is refused (400) once allowed.
  "GET /api/orders/own/form": perStore(
    (ctx, store) => ({ method: "GET", path: `/api/orders/own/form?storeId=${ctx.storeId(store)}` }),
    signedIn(200),
    OUTSIDE_THE_STORE,
  ),
  "POST /api/orders/own/quote": perStore(
    (ctx, store) => ({
      method: "POST",
      path: "/api/orders/own/quote",
      json: { storeId: ctx.storeId(store), source: "phone", type: "takeout", items: [], payment: { method: "PIX" } },
    }),
    signedIn(400),
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 400, admin: 400 },
  ),
  "GET /api/customers": perStore(
    (ctx, store) => ({ method: "GET", path: `/api/customers?storeId=${ctx.storeId(store)}&q=matriz` }),
    signedIn(200),
    OUTSIDE_THE_STORE,
  ),
  // No such customer: a member reaches the lookup (404), others are refused first.
  "GET /api/customers/[customerId]": perStore(
    (ctx, store) => ({
      method: "GET",
      path: `/api/customers/00000000-0000-4000-8000-000000000000?storeId=${ctx.storeId(store)}`,
    }),
    signedIn(404),
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 404, admin: 404 },
  ),
  "PUT /api/orders/[orderId]/lines/[line]": perStore(
    async (ctx, store) => ({
      method: "PUT",
      // Marking is idempotent: any order of the store will do.
      path: `/api/orders/${await ctx.someOrder(store)}/lines/0`,
      json: { done: true },
    }),
    // Marks are attributed: a tablet with no PIN entered has nobody to record.
    { anonymous: 401, kitchen: 200, tablet: 403, manager: 200, admin: 200 },
    OUTSIDE_THE_STORE,
  ),
  // The matrix's stores have no stations: a member reaches the lookup (404), others are refused first.
  "POST /api/orders/[orderId]/stations/[stationId]/bump": perStore(
    async (ctx, store) => ({
      method: "POST",
      path: `/api/orders/${await ctx.someOrder(store)}/stations/2000000000/bump`,
      json: {},
    }),
    // Bumps are attributed: a tablet with no PIN entered has nobody to record.
    { anonymous: 401, kitchen: 404, tablet: 403, manager: 404, admin: 404 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 404, admin: 404 },
  ),
  // A station's recall, like its bump: the matrix's stores have no stations (404 to a member).
  "POST /api/orders/[orderId]/stations/[stationId]/recall": perStore(
    async (ctx, store) => ({
      method: "POST",
      path: `/api/orders/${await ctx.someOrder(store)}/stations/2000000000/recall`,
      json: { bumpedAt: new Date().toISOString() },
    }),
    { anonymous: 401, kitchen: 404, tablet: 403, manager: 404, admin: 404 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 404, admin: 404 },
  ),
  // Only an auto-accepted order prints by itself: an ordinary one is refused (409) to everyone signed in.
  "POST /api/orders/[orderId]/auto-print": perStore(
    async (ctx, store) => ({ method: "POST", path: `/api/orders/${await ctx.someOrder(store)}/auto-print`, json: {} }),
    signedIn(409),
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 409, admin: 409 },
  ),
  // A recall of a card that was never bumped is refused (409) to everyone who may act; a tablet
  // with no PIN entered has nobody to record the recall for.
  "POST /api/orders/[orderId]/recall": perStore(
    async (ctx, store) => ({
      method: "POST",
      // Refused either way, so any order of the store will do: none of them was bumped.
      path: `/api/orders/${await ctx.someOrder(store)}/recall`,
      json: { from: "ready" },
    }),
    { anonymous: 401, kitchen: 409, tablet: 403, manager: 409, admin: 409 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 409, admin: 409 },
  ),
  // A message to an own order's customer (issue 30): the matrix's orders are platform orders,
  // refused (409) to everyone who may act; a tablet with no PIN entered has nobody to record.
  "POST /api/orders/[orderId]/customer-messages": perStore(
    async (ctx, store) => ({
      method: "POST",
      path: `/api/orders/${await ctx.someOrder(store)}/customer-messages`,
      json: { kind: "confirmation", text: "Olá! Recebemos o seu pedido." },
    }),
    { anonymous: 401, kitchen: 409, tablet: 403, manager: 409, admin: 409 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 409, admin: 409 },
  ),
  // Editing an own order (issue 30): the matrix's orders are platform orders, refused (409) to
  // everyone who may edit; reading it needs nobody to record, saving it a PIN on a tablet.
  "GET /api/orders/[orderId]/edit": perStore(
    async (ctx, store) => ({ method: "GET", path: `/api/orders/${await ctx.someOrder(store)}/edit` }),
    { anonymous: 401, kitchen: 409, tablet: 409, manager: 409, admin: 409 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 409, admin: 409 },
  ),
  "PUT /api/orders/[orderId]/edit": perStore(
    async (ctx, store) => ({
      method: "PUT",
      path: `/api/orders/${await ctx.someOrder(store)}/edit`,
      json: { type: "takeout", items: [{ kind: "item", itemId: 1, quantity: 1 }], payment: { method: "PIX" } },
    }),
    { anonymous: 401, kitchen: 409, tablet: 403, manager: 409, admin: 409 },
    { anonymous: 401, kitchen: 403, tablet: 403, manager: 409, admin: 409 },
  ),
  "GET /api/merchant/[storeId]": perStore(
    (ctx, store) => ({ method: "GET", path: `/api/merchant/${ctx.storeId(store)}` }),
    signedIn(200),
    OUTSIDE_THE_STORE,
  ),
  // Busy mode off: harmless, and attributed (a tablet without a PIN has nobody to record). Then
  // one channel reopened (harmless when open) by those who may pause the restaurant, its own
  // restaurant's only: the other restaurant's channel through this one's address is a 404.
  "POST /api/merchant/[storeId]": [
    ...perStore(
      (ctx, store) => ({
        method: "POST",
        path: `/api/merchant/${ctx.storeId(store)}`,
        json: { action: "busy", minutes: 0 },
      }),
      { anonymous: 401, kitchen: 200, tablet: 403, manager: 200, admin: 200 },
      OUTSIDE_THE_STORE,
    ),
    ...perStore(
      (ctx, store) => ({
        method: "POST",
        path: `/api/merchant/${ctx.storeId(store)}`,
        json: { action: "resume", channelId: ctx.channelId(store) },
      }),
      { anonymous: 401, kitchen: 200, tablet: 403, manager: 200, admin: 200 },
      OUTSIDE_THE_STORE,
    ),
    // "Só restam N" of an item no menu has: refused (400) after the session, role and store
    // checks, nothing changed.
    ...perStore(
      (ctx, store) => ({
        method: "POST",
        path: `/api/merchant/${ctx.storeId(store)}`,
        json: { action: "stock", itemId: 999_999, quantity: 2, version: 0 },
      }),
      { anonymous: 401, kitchen: 400, tablet: 403, manager: 400, admin: 400 },
      // A manager acts on any store of the organisation: there too, the item is what is refused.
      { ...OUTSIDE_THE_STORE, manager: 400, admin: 400 },
    ),
    {
      store: "own",
      call: (ctx) => ({
        method: "POST",
        path: `/api/merchant/${ctx.storeId("own")}`,
        json: { action: "resume", channelId: ctx.channelId("other") },
      }),
      expect: { anonymous: 401, kitchen: 404, tablet: 403, manager: 404, admin: 404 },
    },
  ],
  "POST /api/auth/pin": anyStore(
    () => ({ method: "POST", path: "/api/auth/pin", json: { pin: DEMO_COOK.pin } }),
    signedIn(200),
  ),
  "DELETE /api/auth/pin": anyStore(() => ({ method: "DELETE", path: "/api/auth/pin" }), signedIn(204)),
  "POST /api/auth/device": perStore(
    (ctx, store) => ({ method: "POST", path: "/api/auth/device", json: { storeId: ctx.storeId(store) } }),
    OUTSIDE_THE_STORE,
  ),
};

/** The entry pages. */
export const ENTRY_PAGES: Matrix = {
  "PAGE /": anyStore(() => ({ method: "GET", path: "/" }), all(307)),
  "PAGE /board": anyStore(() => ({ method: "GET", path: "/board" }), signedIn(200, "sign-in")),
  // Signed-in people are sent on to the board.
  "PAGE /sign-in": anyStore(() => ({ method: "GET", path: "/sign-in" }), { ...all(307), anonymous: 200 }),
};
