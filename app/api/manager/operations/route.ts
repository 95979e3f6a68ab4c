import { withSession } from "@/lib/api/handler";
import { getOperations } from "@/lib/integrations/operations";

export const dynamic = "force-dynamic";

/** Poller health, parked orders and recent errors of the viewer's stores (the operations page polls it). */
export const GET = withSession({ role: "manager" }, async (_request, _params, viewer) => Response.json(await getOperations(viewer)));
