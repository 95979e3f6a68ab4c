import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { MANAGER_ACTIONS, merchantActionSchema } from "@/lib/contract/merchant";
import { merchantActionAnswerSchema, merchantStateSchema } from "@/lib/contract/merchant-state";
import { roleAtLeast } from "@/lib/contract/roles";
import { AppError } from "@/lib/errors";
import { publicOrigin } from "@/lib/integrations/public-origin";
import {
  controlChangesOf,
  merchantStateOf,
  performMerchantAction,
  platformReadStatus,
} from "@/lib/merchant/control-actions";

export const dynamic = "force-dynamic";

/** The store's merchant controls as the board header and the back office show them. */
export const GET = withStore("kitchen", async (_request, { storeId }, viewer) => {
  const state = await merchantStateOf(storeId);
  if (!roleAtLeast(viewer.role, "manager")) return respond(merchantStateSchema, state);
  // The back office's extras: the platform's last read, and who paused or set busy mode.
  const [platformRead, controlChanges] = await Promise.all([platformReadStatus(storeId), controlChangesOf(storeId)]);
  return respond(merchantStateSchema, { ...state, platformRead, controlChanges });
});

/**
 * Pause, resume, busy, sold out, restock (kitchen, attributed); menu, key, onboarding, auto-accept
 * (manager). A pause or resume may name one channel: only one of this restaurant (else a 404).
 */
export const POST = withStore("kitchen", async (request, { storeId }, viewer) => {
  const action = parseInput(merchantActionSchema, await readJson(request));
  if (MANAGER_ACTIONS.includes(action.action) && !roleAtLeast(viewer.role, "manager")) {
    throw new AppError("forbidden", "Only a manager can do this.");
  }
  const actor = MANAGER_ACTIONS.includes(action.action) ? viewer.name : requireActor(viewer);
  const answer = await performMerchantAction(storeId, action, actor, publicOrigin(request.headers).origin);
  return respond(merchantActionAnswerSchema, answer);
});
