import "server-only";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { findOrderStore } from "@/lib/db/order-reads";
import { listStoreNames } from "@/lib/stores/directory";
import { actorName, makeDevice, setStaff, type Viewer } from "./sessions";
import { clearFailures, LIMITS, lockedUntil, recordFailure } from "./throttle";
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
 * A staff member takes over the session with their PIN. Wrong PINs count against this session
 * (the tablet); past the limit the keypad is locked for a while.
 */
export async function switchStaff(viewer: Viewer, pin: string): Promise<{ name: string }> {
  const db = await getDb();
  const key = `pin:session:${viewer.sessionId}`;
  if (await lockedUntil(db, [key])) {
    throw new AppError("too_many_attempts", "Too many wrong PINs. Wait a few minutes, or ask a manager.");
  }
  const member = await findByPin(db, await viewerStoreIds(viewer), pin);
  if (!member) {
    await recordFailure(db, key, LIMITS.pin);
    throw new AppError("forbidden", "That PIN is not right.");
  }
  await clearFailures(db, key);
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
