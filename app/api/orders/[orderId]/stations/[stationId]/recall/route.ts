import { parseInput, readJson, respond, withOrder } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { boardOrderSchema } from "@/lib/contract/board";
import { stationBumpParamsSchema, stationRecallRequestSchema } from "@/lib/contract/stations";
import { getDb } from "@/lib/db";
import { recallStationBump } from "@/lib/db/station-bumps";

export const dynamic = "force-dynamic";

/**
 * Takes back a station's bump within the undo bar's 10 s (issue 27 point 4): the marks that bump
 * made are removed, no other; answers with the card, which the stream carries to every tablet.
 */
export const POST = withOrder(
  "kitchen",
  stationBumpParamsSchema,
  async (request, { orderId, storeId, stationId }, viewer) => {
    const { bumpedAt } = parseInput(stationRecallRequestSchema, await readJson(request));
    // A kitchen action stands for a person, as the bump does (a PIN on a shared tablet).
    requireActor(viewer);
    const card = await recallStationBump(await getDb(), { storeId, orderId, stationId, at: new Date(bumpedAt) });
    return respond(boardOrderSchema, card);
  },
);
