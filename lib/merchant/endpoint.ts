import "server-only";
import type { Database } from "@/lib/db";
import { keyMatches } from "./api-key";
import { eq } from "drizzle-orm";
import { merchantControls } from "@/lib/db/schema";
import { menuState } from "./controls";
import { merchantDocument, type ImportedMenu } from "./document";

// GET /v1/merchant for one store, as a plain function of the request (the route and the tests
// call it). Answers 403 without the right X-API-KEY, 404 before the menu was imported, 429 past
// the rate limit; nothing but what the store publishes anyway.

/** Per store and process: the platform reads every TTL (600 s); 30 reads a minute is plenty. */
const LIMIT_PER_MINUTE = 30;
const windows = new Map<string, { start: number; count: number }>();

function allowed(storeId: string, nowMs: number): boolean {
  // Random ids must not grow the table without bound: past 10 000 windows, start over.
  if (windows.size > 10_000) windows.clear();
  const window = windows.get(storeId);
  if (!window || nowMs - window.start >= 60_000) {
    windows.set(storeId, { start: nowMs, count: 1 });
    return true;
  }
  window.count++;
  return window.count <= LIMIT_PER_MINUTE;
}

const problem = (status: number, title: string) =>
  Response.json({ title, status }, { status, headers: { "content-type": "application/problem+json" } });

export async function serveMerchant(db: Database, storeId: string, request: Request, now: Date): Promise<Response> {
  if (!allowed(storeId, now.getTime())) return problem(429, "Too many requests: try again in a minute");
  // No row is created for an unknown id: a stranger's guesses must not write anything.
  const [row] = await db.select().from(merchantControls).where(eq(merchantControls.storeId, storeId));
  if (!row || !keyMatches(request.headers.get("x-api-key"), row.apiKeyHash))
    return problem(403, "Missing or wrong X-API-KEY");
  if (!row.menu) return problem(404, "This store's menu has not been imported yet");
  const document = merchantDocument(storeId, row.menu as ImportedMenu, await menuState(db, storeId), now);
  return Response.json(document, { headers: { "cache-control": "no-store" } });
}
