import "server-only";
import { getDb, type Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { findOrderStore } from "@/lib/db/order-reads";
import { listStoreNames } from "@/lib/stores/directory";
import { actorName, makeDevice, setStaff, type Viewer } from "./sessions";
import { LIMITS, lockedUntil, recordFailure, throttleKey } from "./throttle";
import { findByPin } from "./users";

/** The store an order belongs to, for the store check of order routes. */
export async function storeOfOrder(orderId: string): Promise<string> {
  const storeId = await findOrderStore(await getDb(), orderId);
  if (!storeId) throw new AppError("not_found", "This order is not on the board.");
  return storeId;
}

async function viewerStoreIds(viewer: Viewer): Promise<string[]> {
  if (viewer.storeIds !== "all") return [...viewer.storeIds];
  const rows = await listStoreNames(await getDb());
  return rows.map((row) => row.id);
}

/** The viewer's stores with their names (for the tablet set-up). */
export async function storesForViewer(viewer: Viewer): Promise<Array<{ id: string; name: string }>> {
  const ids = await viewerStoreIds(viewer);
  const rows = await listStoreNames(await getDb());
  return rows.filter((row) => ids.includes(row.id));
}

/**
 * A staff member takes over the session with their PIN. Wrong PINs are counted in the database
 * per signed-in account and per store, never per session, so a fresh session does not reset them;
 * a right PIN does not clear them either (a cook's own PIN would otherwise buy more guesses).
 */
export async function switchStaff(viewer: Viewer, pin: string): Promise<{ name: string }> {
  const db = await getDb();
  return enterPin(db, viewer, await viewerStoreIds(viewer), pin);
}

/** switchStaff's work, over a given database and the viewer's stores. */
export async function enterPin(
  db: Database,
  viewer: Viewer,
  storeIds: readonly string[],
  pin: string,
): Promise<{ name: string }> {
  const accountKey = throttleKey.pinAccount(viewer.userId);
  const storeKeys = storeIds.map(throttleKey.pinStore);
  if (await lockedUntil(db, [accountKey, ...storeKeys])) {
    throw new AppError("too_many_attempts", "Too many wrong PINs. Wait a few minutes, or ask a manager.");
  }
  const member = await findByPin(db, storeIds, pin);
  if (!member) {
    await recordFailure(db, accountKey, LIMITS.pin);
    for (const key of storeKeys) await recordFailure(db, key, LIMITS.pinStore);
    throw new AppError("forbidden", "That PIN is not right.");
  }
  await setStaff(db, viewer.sessionId, member.id);
  return { name: member.name };
}

export async function clearStaff(viewer: Viewer): Promise<void> {
  await setStaff(await getDb(), viewer.sessionId, null);
}

export async function makeKitchenTablet(viewer: Viewer, storeId: string): Promise<void> {
  await makeDevice(await getDb(), viewer.sessionId, storeId);
}

/** Who an order action is recorded for; a tablet without a PIN entered cannot act. */
export function requireActor(viewer: Viewer): string {
  const actor = actorName(viewer);
  if (!actor) throw new AppError("pin_required", "Enter your PIN first, so the kitchen knows who did it.");
  return actor;
}
