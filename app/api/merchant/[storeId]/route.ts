import { z } from "zod";
import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { roleAtLeast } from "@/lib/contract/roles";
import { MANAGER_ACTIONS, merchantActionSchema } from "@/lib/contract/merchant";
import { merchantActionAnswerSchema, merchantStateSchema } from "@/lib/contract/merchant-state";
import { AppError } from "@/lib/errors";
import { merchantStateOf, performMerchantAction, platformReadStatus } from "@/lib/merchant/control-actions";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ storeId: z.string().min(1).max(100) });
const storeOf = async (params: { storeId: string }) => parseInput(paramsSchema, params).storeId;

/** The store's merchant controls as the board header and the back office show them. */
export const GET = withSession<{ storeId: string }>(
  { role: "kitchen", store: storeOf },
  async (_request, params, viewer) => {
    const storeId = await storeOf(params);
    const state = await merchantStateOf(storeId);
    const platformRead = roleAtLeast(viewer.role, "manager") ? await platformReadStatus(storeId) : undefined;
    return respond(merchantStateSchema, { ...state, platformRead });
  },
);

/** Pause, resume, busy, sold out, restock (kitchen, attributed); menu, key, onboarding, auto-accept (manager). */
export const POST = withSession<{ storeId: string }>(
  { role: "kitchen", store: storeOf },
  async (request, params, viewer) => {
    const storeId = await storeOf(params);
    const action = parseInput(merchantActionSchema, await readJson(request));
    if (MANAGER_ACTIONS.includes(action.action) && !roleAtLeast(viewer.role, "manager")) {
      throw new AppError("forbidden", "Only a manager can do this.");
    }
    const actor = MANAGER_ACTIONS.includes(action.action) ? viewer.name : requireActor(viewer);
    const answer = await performMerchantAction(storeId, action, actor, new URL(request.url).origin);
    return respond(merchantActionAnswerSchema, answer);
  },
);
