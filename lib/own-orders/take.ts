import "server-only";
import { parseInput } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { requireActor } from "@/lib/auth/kitchen";
import type { Viewer } from "@/lib/auth/sessions";
import type { BoardOrder } from "@/lib/contract/board";
import { ownOrderInputSchema } from "@/lib/contract/own-order";
import type { Database } from "@/lib/db";
import { takeOrReplay } from "./create";

/**
 * POST /api/orders/own's work, after the route's session and role check: the body parsed, the
 * restaurant it names checked against the viewer's (another restaurant's staff get 403 before
 * anything is read), who is taking it (a tablet needs a PIN), then the order.
 */
export async function takeOwnOrder(
  db: Database,
  viewer: Viewer,
  body: unknown,
  now: Date,
): Promise<{ order: BoardOrder; actor: string; replayed: boolean }> {
  const input = parseInput(ownOrderInputSchema, body);
  assertStore(viewer, input.storeId);
  const actor = requireActor(viewer);
  return { ...(await takeOrReplay(db, { input, actor, now })), actor };
}
