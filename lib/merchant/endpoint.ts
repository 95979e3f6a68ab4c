import "server-only";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { keyMatches } from "./api-key";
import { eq } from "drizzle-orm";
import { merchantControls } from "@/lib/db/schema";
import { restaurantOfChannel } from "@/lib/stores/channels";
import { menuState } from "./controls";
import { channelItemsOf } from "./menu-pairs";
import { merchantDocument } from "./document";
import type { ImportedMenu } from "./document-ids";

// GET /v1/merchant for one store, as a plain function of the request (the route and the tests
// call it). Answers 403 without the right X-API-KEY, 404 before the menu was imported, 429 past
// the rate limit; nothing but what the store publishes anyway.

/**
 * Per store and process, two budgets a minute. Reads with the right key: the platform reads every
 * TTL (600 s), so 30 a minute is plenty. Wrong or missing keys are counted apart, after the key
 * was checked: store ids are public (/api/health), and a shared budget let anyone spend the
 * platform's reads with 30 wrong keys a minute. Wrong keys only ever cost wrong keys; past their
 * budget they are told to slow down instead of being told the key is wrong. Unknown store ids
 * are refused without a window, so random ids grow nothing.
 */
const LIMIT_PER_MINUTE = { served: 30, refused: 30 } as const;
type Budget = keyof typeof LIMIT_PER_MINUTE;
const windows = new Map<string, { start: number; count: number }>();

function allowed(budget: Budget, storeId: string, nowMs: number): boolean {
  // One window per known store and budget; a bound all the same, should stores be many.
  if (windows.size > 10_000) windows.clear();
  const key = `${budget}\u0000${storeId}`;
  const window = windows.get(key);
  // A clock set back starts a new window rather than keeping the old one open.
  if (!window || nowMs - window.start >= 60_000 || nowMs < window.start) {
    windows.set(key, { start: nowMs, count: 1 });
    return true;
  }
  window.count++;
  return window.count <= LIMIT_PER_MINUTE[budget];
}

const problem = (status: number, title: string) =>
  Response.json({ title, status }, { status, headers: { "content-type": "application/problem+json" } });

const tooMany = () => problem(429, "Too many requests: try again in a minute");

/**
 * The store's controls row when the request may read its merchant documents, else the answer to
 * give: 403 without the right X-API-KEY, 429 past the budget, 404 before the menu was imported.
 */
async function readable(
  db: Database,
  storeId: string,
  request: Request,
  now: Date,
  denied: KeyRefusal,
): Promise<{ menu: ImportedMenu } | { refused: Response }> {
  // No row is created for an unknown id: a stranger's guesses must not write anything. The key is
  // checked before any budget is counted (one read by primary key, as a session check costs).
  const [row] = await db.select().from(merchantControls).where(eq(merchantControls.storeId, storeId));
  if (!row) return { refused: problem(denied, "Missing or wrong X-API-KEY") };
  if (!keyMatches(request.headers.get("x-api-key"), row.apiKeyHash))
    return {
      refused: allowed("refused", storeId, now.getTime()) ? problem(denied, "Missing or wrong X-API-KEY") : tooMany(),
    };
  if (!allowed("served", storeId, now.getTime())) return { refused: tooMany() };
  if (!row.menu) return { refused: problem(404, "This store's menu has not been imported yet") };
  return { menu: row.menu as ImportedMenu };
}

const noStore = { headers: { "cache-control": "no-store" } };

/**
 * How a missing or wrong key is answered: GET /v1/merchant lists only 403 (AccessDenied) in the
 * standard; 1.7's status route lists 401 (Unauthorized: "lacks valid authentication credentials").
 */
type KeyRefusal = 401 | 403;

/**
 * The answer to anything a merchant route throws, in the standard's problem+json: a malformed id
 * is a 400, the rest (the database down) a 503 — both among the statuses 1.7.0 lists.
 */
export function merchantRouteError(error: unknown): Response {
  if (error instanceof AppError && error.status === 400) return problem(400, "Malformed merchant id");
  log.error({ err: error }, "merchant endpoint failed");
  return problem(503, "The merchant endpoint is unavailable: try again later");
}

/** The document one platform reads: the restaurant's, named by that platform's merchant id. */
async function channelDocument(db: Database, channelId: string, request: Request, now: Date, denied: KeyRefusal = 403) {
  // Each platform reads its own channel's address (the id is the channel's, its merchant id
  // there); every channel of a restaurant serves the restaurant's state and key, and the items of
  // its menu the channel's catalogue has (./menu-pairs.ts), closed while the restaurant or that
  // channel is paused.
  const storeId = await restaurantOfChannel(db, channelId);
  if (!storeId) return { refused: problem(denied, "Missing or wrong X-API-KEY") };
  const read = await readable(db, storeId, request, now, denied);
  if ("refused" in read) return read;
  const pairs = await channelItemsOf(db, storeId, channelId);
  return {
    document: merchantDocument(storeId, read.menu, await menuState(db, storeId, channelId), now, channelId, pairs),
  };
}

export async function serveMerchant(db: Database, channelId: string, request: Request, now: Date): Promise<Response> {
  const read = await channelDocument(db, channelId, request, now);
  if ("refused" in read) return read.refused;
  return Response.json(read.document, noStore);
}

/**
 * Open Delivery 1.7's GET /v1/merchant/{id}/status: the store's status and each service's hours,
 * the same facts as the whole document (one builder), for a platform that checks whether the
 * store is open without reading the menu. The standard names OAuth2 for it, with tokens the
 * ordering application issues — which a route Comanda hosts cannot check —, so it takes the
 * X-API-KEY the platform got at onboarding, as GET /v1/merchant does (docs/merchant-api.md); a
 * missing or wrong key is the standard's 401 here.
 */
export async function serveMerchantStatus(
  db: Database,
  channelId: string,
  request: Request,
  now: Date,
): Promise<Response> {
  const read = await channelDocument(db, channelId, request, now, 401);
  if ("refused" in read) return read.refused;
  const { document } = read;
  return Response.json(
    {
      status: document.status,
      services: document.services.map((service) => ({
        id: service.id,
        serviceType: service.serviceType,
        serviceHours: [{ weekHours: service.serviceHours.weekHours }],
      })),
    },
    noStore,
  );
}
