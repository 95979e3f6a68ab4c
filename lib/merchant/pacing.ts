import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { oneAtATime } from "@/lib/db/one-at-a-time";
import { orders } from "@/lib/db/schema";
import { decidePacing, kitchenLoad, PACING_ACTOR, type PacingAction } from "@/lib/orders/pacing";
import { getKitchenSettings } from "@/lib/stores/kitchen-settings";
import { pauseStore, readControls, releasePacingHold, resumeStore, setBusyMinutes } from "./controls";

// Kitchen pacing's runner (issue 27, point 10): reads the store's load and controls, asks the pure
// rule (lib/orders/pacing.ts) and applies its answer through the controls a person uses — the same
// merchantUpdate outbox, board state and log, as actor "pacing". Run by the merchant worker.

/** Advisory-lock namespace of pacing rounds (one per store across instances, lib/db/one-at-a-time.ts). */
const PACING_LOCK = 0x7061_6365;

/** Items in preparation in the store's kitchen now. */
async function loadOf(db: Database, storeId: string, now: Date): Promise<number> {
  const cooking = await db
    .select({ board: orders.board })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.boardColumn, "preparing")));
  return kitchenLoad(
    cooking.map((row) => row.board),
    now.getTime(),
  );
}

/** What the rule decides for the store now (off, pacing only undoes what it had turned on). */
async function decideNow(db: Database, storeId: string, now: Date) {
  const [{ preparationMinutes, pacing }, controls] = await Promise.all([
    getKitchenSettings(db, storeId),
    readControls(db, storeId),
  ]);
  // Off, the load does not matter: no need to read it.
  const load = pacing.enabled ? await loadOf(db, storeId, now) : 0;
  const action = decidePacing(
    load,
    { ...pacing, preparationMinutes },
    {
      busyMinutes: controls.busyMinutes,
      busyByPacing: controls.busyBy === PACING_ACTOR,
      paused: controls.paused,
      pausedByPacing: controls.pausedBy === PACING_ACTOR,
      held: controls.pacingHeld,
    },
  );
  return { load, action, pacing };
}

const changesNothing = (action: PacingAction) =>
  !action.release && action.pause === undefined && action.busyMinutes === undefined;

/** One round for one store: the load it saw and what it changed. */
export async function runPacing(
  db: Database,
  storeId: string,
  now: Date,
): Promise<{ load: number; action: PacingAction }> {
  // Most rounds change nothing (most stores have pacing off): a look without the store's lock
  // settles them. A round that would act takes the lock and decides again on what it then reads.
  const look = await decideNow(db, storeId, now);
  if (changesNothing(look.action)) return { load: look.load, action: look.action };
  return oneAtATime(db, PACING_LOCK, storeId, async () => {
    const { load, action, pacing } = await decideNow(db, storeId, now);
    const by = { actor: PACING_ACTOR, pacing: { load, capacity: pacing.capacity, hardLimit: pacing.hardLimit } };
    if (action.release) await releasePacingHold(db, storeId, now);
    if (action.pause === true) await pauseStore(db, storeId, { minutes: null, reason: PACING_ACTOR, ...by }, now);
    if (action.pause === false) await resumeStore(db, storeId, by, now);
    if (action.busyMinutes !== undefined) await setBusyMinutes(db, storeId, action.busyMinutes, by, now);
    return { load, action };
  });
}
