import { respond, withOrder } from "@/lib/api/handler";
import { getOrderActions } from "@/lib/actions/perform-order-action";
import { requireActor } from "@/lib/auth/kitchen";
import { stationBumpAnswerSchema, stationBumpParamsSchema } from "@/lib/contract/stations";
import { getDb } from "@/lib/db";
import { bumpStation, expoSkipTypes } from "@/lib/db/station-bumps";
import { skipsExpo } from "@/lib/orders/station-progress";

export const dynamic = "force-dynamic";

/**
 * A station bumps its part of the order (every line routed to it done); answers with the card.
 * An order the store lets skip expo (docs/kitchen.md, "Stations and expo") is then made Ready
 * through the normal action path: the platform gets one readyForPickup. The answer's `bumpedAt`
 * names the bump for its recall (…/recall).
 */
export const POST = withOrder(
  "kitchen",
  stationBumpParamsSchema,
  async (_request, { orderId, storeId, stationId }, viewer) => {
    const actor = requireActor(viewer);
    const db = await getDb();
    const at = new Date();
    const bumpedAt = at.toISOString();
    const card = await bumpStation(db, { storeId, orderId, stationId, actor, at });
    if (!skipsExpo(card, await expoSkipTypes(db, storeId)))
      return respond(stationBumpAnswerSchema, { order: card, actor, bumpedAt });
    const performOrderAction = await getOrderActions();
    const order = await performOrderAction({ storeId, orderId, request: { action: "readyForPickup" }, actor });
    return respond(stationBumpAnswerSchema, { order, actor, bumpedAt });
  },
);
