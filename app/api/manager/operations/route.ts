import { respond, withSession } from "@/lib/api/handler";
import { operationsSchema } from "@/lib/contract/manager";
import { getOperations } from "@/lib/integrations/operations";

export const dynamic = "force-dynamic";

/** Poller health, parked orders and recent errors of the viewer's stores (the operations page polls it). */
export const GET = withSession({ role: "manager" }, async (_request, _params, viewer) =>
  respond(operationsSchema, await getOperations(viewer)),
);
