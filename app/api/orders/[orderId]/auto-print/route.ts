import { respond, withOrder } from "@/lib/api/handler";
import { autoPrintClaimSchema } from "@/lib/contract/merchant-state";
import { orderParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { findOrder } from "@/lib/db/order-reads";
import { AppError } from "@/lib/errors";
import { claimAutoPrint } from "@/lib/merchant/auto-print-claims";

export const dynamic = "force-dynamic";

/**
 * A board set to print on confirm asks whether it prints an auto-accepted order's ticket: yes to
 * the first ask only (docs/merchant-api.md, "Auto-accepted tickets print once").
 */
export const POST = withOrder("kitchen", orderParamsSchema, async (_request, { orderId, storeId }) => {
  const db = await getDb();
  const order = await findOrder(db, storeId, orderId);
  if (!order?.board.autoAccepted)
    throw new AppError("action_not_allowed", "Only an auto-accepted order prints by itself.");
  return respond(autoPrintClaimSchema, { print: await claimAutoPrint(db, storeId, orderId, new Date()) });
});
